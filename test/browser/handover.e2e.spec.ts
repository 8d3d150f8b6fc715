import { currentHandId, signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

type Stored = { token: string; id: string };

/**
 * The host hands the seat of a player who is away on, in the browser: Resi hosts Sepp and two
 * bots; Sepp steps away; Resi offers his seat; Kathi, who watches, takes it; Resi's page says
 * Kathi plays it from the next hand.
 */
describe('handing an away seat on, in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ ownDatabase: 'webhandover' });
  });
  afterAll(() => site?.close());

  it('the host offers the seat of a player who is away, and a visitor takes it', async () => {
    const resi = await site.person({ locale: 'de-DE' });
    await signUp(resi.page, 'Resi');
    const host = JSON.parse(String(await resi.page.evaluate("localStorage.getItem('kartentisch.player')"))) as Stored;
    const api = (path: string, token: string, body?: unknown) =>
      fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    const sepp = (await (await api('/players', '', { name: 'Sepp' })).json()) as Stored;
    const tableId = ((await (await api('/tables', host.token, { game: 'dobbm', clock: 'off' })).json()) as { id: string }).id;
    await api(`/tables/${tableId}/seats`, host.token, { seat: 0 });
    await api(`/tables/${tableId}/seats`, sepp.token, { seat: 1 });
    await api(`/tables/${tableId}/bots`, host.token, { seat: 2 });
    await api(`/tables/${tableId}/bots`, host.token, { seat: 3 });
    const handId = (await currentHandId(site, tableId))!;
    expect((await api(`/hands/${handId}/away`, sepp.token)).status).toBe(200);

    await resi.page.goto(`/tables/${tableId}`);
    const panel = resi.page.getByTestId('handover');
    await panel.getByText('Sepp ist abwesend.').waitFor();
    await panel.getByRole('button', { name: 'Platz jemand anderem anbieten' }).click();
    await panel.getByText('der Gastgeber bietet den Platz an').waitFor();

    const kathi = await site.person();
    await signUp(kathi.page, 'Kathi');
    await kathi.page.goto(`/tables/${tableId}`);
    await kathi.page.getByRole('button', { name: 'Take this seat (from the next hand)' }).click();
    await kathi.page.getByTestId('handover').getByText('Kathi plays this seat from the next hand.').waitFor();

    await panel.getByText('Kathi spielt diesen Platz ab dem nächsten Spiel.').waitFor();
    await site.shot(resi.page, 'handover-de');
    const table = (await fetch(`${site.url}/tables/${tableId}`).then((r) => r.json())) as { seats: { name: string; fromHand: number }[] };
    expect(table.seats[1]).toMatchObject({ name: 'Kathi', fromHand: 2 });
    await Promise.all([resi.context.close(), kathi.context.close()]);
  });
});
