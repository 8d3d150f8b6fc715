import type { Page } from 'playwright-core';
import { auditorView, currentHandId, signUp, fillWithBots } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/** The player this page plays as, from its storage. */
async function meOn(page: Page): Promise<{ id: string; token: string }> {
  return JSON.parse(String(await page.evaluate("localStorage.getItem('kartentisch.player')"))) as { id: string; token: string };
}

/** A table opened on `page` with the defaults of the game chosen; its id. */
async function openTable(page: Page, game: string): Promise<string> {
  await page.locator('select[name=game]').selectOption(game);
  await page.locator('form button.primary[type=submit]').click();
  await page.waitForURL(/\/tables\/[^/]+$/);
  return new URL(page.url()).pathname.split('/')[2]!;
}

/**
 * What a person is told when the connection, the sign-in or the table's state leaves the page
 * behind: offline, signed out elsewhere, a move refused because the hand moved on; and what the
 * lobby shows without a reload (a new table; the invite link that opens it).
 */
describe('the page keeps a person informed', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ ownDatabase: 'webconnection' });
  });
  afterAll(() => site?.close());

  it('says when the browser is offline, and stops saying it when the network is back', async () => {
    const { page, context } = await site.person();
    await page.goto('/');
    await page.locator('main h1').waitFor();
    expect(await page.getByTestId('offline').count()).toBe(0);
    await context.setOffline(true);
    await page.getByTestId('offline').waitFor();
    await site.shot(page, 'offline', true);
    await context.setOffline(false);
    await page.getByTestId('offline').waitFor({ state: 'detached' });
    await context.close();
  });

  it('asks to sign in again when the token was renewed on another device', async () => {
    const { page, context } = await site.person();
    await signUp(page, 'Sepp');
    const tableId = await openTable(page, 'droggn');
    const { token } = await meOn(page);
    // Another device renews the token: this one stops working at once.
    expect((await fetch(`${site.url}/players/me/token`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      201,
    );
    // The page checks its token as it opens: it asks at once, before any move is refused.
    await page.goto(`/tables/${tableId}`);
    await page.getByTestId('signed-out').waitFor();
    expect(await page.getByTestId('signed-out').innerText()).toContain('Sepp');
    await page.getByTestId('signed-out').getByRole('link').click();
    await page.getByTestId('sign-in-again').waitFor();
    await page.locator('input[name=name]').waitFor();
    await context.close();
  });

  it('says why a move was refused and shows the hand as it is now', async () => {
    const { page, context } = await site.person();
    // The page's socket stops passing pushed views on demand; answers to its own moves still pass.
    let hold = false;
    await context.routeWebSocket(/\/tables\/[^/]+\/socket/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((m) => void ((!hold || 'ref' in (JSON.parse(String(m)) as object)) && ws.send(m)));
      ws.onMessage((m) => server.send(m));
    });
    await signUp(page, 'Vroni');
    const tableId = await openTable(page, 'dobbm');
    await fillWithBots(page);
    const handId = (await currentHandId(site, tableId))!;
    let v = await auditorView(site, handId);
    for (let i = 0; i < 100 && !v.toAct.includes(0); i++) {
      await new Promise((r) => setTimeout(r, 100));
      v = await auditorView(site, handId);
    }
    await page.locator(`[data-testid=status][data-seq="${v.seq}"][data-my-turn=true]`).waitFor();
    hold = true;
    // The same player moves from elsewhere: the page still shows the turn it no longer has.
    const { token } = await meOn(page);
    const mine = (await (await fetch(`${site.url}/hands/${handId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      legalActions: Record<string, unknown>[];
    };
    const { seat: _seat, ...action } = mine.legalActions[0]!;
    const moved = await fetch(`${site.url}/hands/${handId}/actions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ expectedSeq: v.seq, action }),
    });
    expect(moved.status).toBe(200);
    const control = page.locator('[data-action], .hand button.card.legal').first();
    await control.click();
    const said = await page.getByTestId('action-error').innerText();
    expect(said).toMatch(/acted first|not your turn|not possible at this stage/i);
    expect(said).not.toMatch(/[A-Z]{2,}_[A-Z]/);
    // The page took the hand as it is now: later than the turn it showed.
    await page.locator(`[data-testid=status]:not([data-seq="${v.seq}"])`).waitFor();
    await site.shot(page, 'refused-move');
    await context.close();
  });

  it('shows a new table in the lobby without a reload, and its invite link offers the free seat', async () => {
    const watcher = await site.person();
    const host = await site.person();
    await signUp(watcher.page, 'Kibitz');
    await signUp(host.page, 'Toni');
    const tableId = await openTable(host.page, 'doppelkopf');
    await watcher.page.locator(`tr[data-table="${tableId}"]`).waitFor({ timeout: 10_000 });
    const invite = await host.page.getByTestId('invite').inputValue();
    expect(invite).toBe(`${site.url}/tables/${tableId}`);
    await watcher.page.goto(invite);
    await watcher.page.locator('[data-seat="1"] button').first().click();
    await host.page.locator('[data-seat="1"]', { hasText: 'Kibitz' }).waitFor();
    await Promise.all([watcher.context.close(), host.context.close()]);
  });
});
