import { AUDIT_TOKEN } from '../support/app.testkit.js';
import { auditorView, currentHandId, signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

type Event = { seq: number; seat: number | null; by?: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function log(site: Site, handId: string): Promise<Event[]> {
  const res = await fetch(`${site.url}/hands/${handId}/events`, { headers: { Authorization: `Bearer ${AUDIT_TOKEN}` } });
  return (await res.json()) as Event[];
}

/** Seat 0's `present` on the table resource, once it satisfies `ok` (or after five seconds). */
async function presentAt(site: Site, tableId: string, ok: (present: boolean) => boolean): Promise<boolean> {
  let present = false;
  for (let i = 0; i < 50; i++) {
    const table = (await fetch(`${site.url}/tables/${tableId}`).then((r) => r.json())) as { seats: { present: boolean }[] };
    present = table.seats[0]!.present;
    if (ok(present)) break;
    await sleep(100);
  }
  return present;
}

/**
 * A person at a table with three bots closes the page on their turn: the turn clock runs out,
 * the seat's substitute plays for them and the hand goes on; after a second expiry the seat is
 * away. The person opens the table again, is told so, presses "I'm back" and plays in person.
 */
describe('a person who leaves the table', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ ownDatabase: 'webaway', env: { PRESENCE_SECONDS: '30' } });
  });
  afterAll(() => site?.close());

  it('is played for by the substitute while gone, and takes the seat back on return', async () => {
    const { page, context } = await site.person({ locale: 'de-DE' });
    await signUp(page, 'Sepp');
    const { token, id: me } = JSON.parse(String(await page.evaluate("localStorage.getItem('kartentisch.player')"))) as {
      token: string;
      id: string;
    };
    // A short clock for the test (the form offers the presets): long enough for a loaded machine to
    // click in time once he is back, short enough that two expiries pass quickly.
    const created = await fetch(`${site.url}/tables`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'dobbm', turnSeconds: 5 }),
    });
    const tableId = ((await created.json()) as { id: string }).id;
    await page.goto(`/tables/${tableId}`);
    await page.locator('[data-seat="0"] button').first().click();
    await page.getByTestId('fill-bots').click();
    await page.getByTestId('status').waitFor();

    // Sepp's turn: the clock is on the page; he closes it.
    let handId = (await currentHandId(site, tableId))!;
    let v = await auditorView(site, handId);
    for (let i = 0; i < 200 && !(v.status === 'active' && v.toAct.includes(0)); i++) {
      await sleep(100);
      handId = (await currentHandId(site, tableId))!;
      v = await auditorView(site, handId);
    }
    await page.locator(`[data-testid=status][data-seq="${v.seq}"][data-my-turn=true]`).waitFor();
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('timer').innerText()).toMatch(/noch \d+ Sekunde/);
    await site.shot(page, 'turn-clock-de', true);
    // His open page keeps him present at the table; closed, it lets him go within a few seconds.
    expect(await presentAt(site, tableId, (p) => p)).toBe(true);
    await page.close();
    expect(await presentAt(site, tableId, (p) => !p)).toBe(false);

    // The hand goes on without him: his decision is the substitute's, and after a second expiry he is away.
    const missedAt = v.seq + 1;
    for (let i = 0; i < 100 && !(await log(site, handId)).some((e) => e.seq === missedAt); i++) await sleep(100);
    expect((await log(site, handId)).find((e) => e.seq === missedAt)).toMatchObject({ seat: 0, by: 'substitute' });
    let away: number[] = [];
    for (let i = 0; i < 300 && !away.includes(0); i++) {
      await sleep(100);
      handId = (await currentHandId(site, tableId))!;
      away = ((await auditorView(site, handId)).away as number[]) ?? [];
    }
    expect(away).toEqual([0]);

    // He comes back: the page says he is away; "Ich bin wieder da" gives him his seat again.
    const back = await context.newPage();
    await back.goto(`/tables/${tableId}`);
    const banner = back.locator('.away-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Du bist abwesend');
    await site.shot(back, 'away-banner-de', true);
    await banner.getByRole('button').click();
    await banner.waitFor({ state: 'detached' });
    expect(await presentAt(site, tableId, (p) => p)).toBe(true);

    // At his next turn he plays in person: the event is his, not the substitute's. A turn whose
    // clock is nearly out when he returns (it started while he was away) is left to the substitute.
    const timeLeft = (view: typeof v) => Date.parse(String(view.deadline)) - Date.now();
    for (let i = 0; i < 300; i++) {
      handId = (await currentHandId(site, tableId))!;
      v = await auditorView(site, handId);
      if (v.status === 'active' && v.toAct.includes(0) && timeLeft(v) > 3500) break;
      await sleep(100);
    }
    expect(timeLeft(v)).toBeGreaterThan(3000);
    await back.locator(`[data-testid=status][data-seq="${v.seq}"][data-my-turn=true]`).waitFor();
    await back.locator('[data-action], .hand button.card.legal').first().click();
    for (let i = 0; i < 50 && !(await log(site, handId)).some((e) => e.seq === v.seq + 1); i++) await sleep(100);
    const mine = (await log(site, handId)).find((e) => e.seq === v.seq + 1);
    expect(mine).toMatchObject({ seat: 0 });
    expect(mine!.by).toBeUndefined();
    expect((await fetch(`${site.url}/tables/${tableId}`).then((r) => r.json())) as { seats: { playerId: string }[] }).toMatchObject({
      seats: expect.arrayContaining([expect.objectContaining({ playerId: me })]),
    });
    await context.close();
  });
});
