import type { Page } from 'playwright-core';
import { auditorView, cardsOnScreen, currentHandId, move, playedIn, recordViews, signUp, stringsIn, waitForSeq } from './play.testkit.js';
import { AUDIT_TOKEN } from '../support/app.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * Four people, four browser profiles, one Dobbm table: they bid, a defender calls Schwacher,
 * the declarer discards, and every card is clicked — then all four see the same result and
 * ledger. Along the way no page shows or receives a card another seat holds.
 */
describe('four people play a Dobbm hand in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ env: { PRESENCE_SECONDS: '30' } });
  });
  afterAll(() => site?.close());

  // A whole hand by clicking and its replay forward and back, on Chromium beside the service: more than the default minute on a busy machine.
  it('plays a whole hand by clicking, and each seat sees the same result and ledger', async () => {
    const names = ['Resi', 'Sepp', 'Vroni', '<b>Toni</b>'];
    const people = await Promise.all(names.map(() => site.person()));
    const pages = people.map((p) => p.page);
    const seen = await Promise.all(pages.map(recordViews));
    for (const [i, page] of pages.entries()) await signUp(page, names[i]!);

    // Resi opens a table with the defaults and takes seat 0 (the form seats her); the others join from the lobby.
    await pages[0]!.getByRole('button', { name: 'Open the table' }).click();
    await pages[0]!.waitForURL(/\/tables\/[^/]+$/);
    const tableId = new URL(pages[0]!.url()).pathname.split('/')[2]!;
    await pages[0]!.locator('[data-seat="0"] strong').waitFor();
    await site.shot(pages[0]!, 'table-waiting');
    for (const page of pages.slice(1)) {
      await page.goto('/');
      await page.locator(`tr[data-table="${tableId}"]`).getByRole('button', { name: 'Take a seat' }).click();
      await page.waitForURL(`**/tables/${tableId}`);
    }
    const handId = (await currentHandId(site, tableId))!;
    expect(handId).toBeTruthy();
    // The name is text, never markup.
    await pages[0]!.getByText('<b>Toni</b>').first().waitFor();
    expect(await pages[0]!.locator('.seat-name b').count()).toBe(0);

    const dealt = (await auditorView(site, handId)).hands!;
    const seating = await Promise.all(pages.map(async (p) => Number(await p.getByTestId('status').getAttribute('data-my-seat'))));
    const pageOf = (seat: number) => pages[seating.indexOf(seat)]!;

    // A fifth person watches. Its socket goes through a proxy that stops passing frames midway,
    // and is closed (1001, as a drain) once the next hand is dealt: the page opens it again and
    // must take the next hand's view, though the last it held was of a hand still in play.
    const watcher = await site.person();
    let hold = false;
    let cut = (): void => undefined;
    await watcher.context.routeWebSocket(/\/tables\/[^/]+\/socket/, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((m) => void (!hold && ws.send(m)));
      ws.onMessage((m) => server.send(m));
      cut = () => {
        hold = false;
        void server.close();
        void ws.close({ code: 1001, reason: 'the instance is stopping' });
      };
    });
    await signUp(watcher.page, 'Kibitz');
    await watcher.page.goto(`/tables/${tableId}`);
    await watcher.page.locator(`[data-testid="status"][data-hand="${handId}"]`).waitFor();
    await site.shot(watcher.page, 'table-spectator');

    let bid = false;
    let doubled = false;
    const moves: string[] = [];
    for (let step = 0; step < 200; step++) {
      const v = await auditorView(site, handId);
      if (v.status !== 'active') break;
      const seat = v.toAct[0]!;
      const page = pageOf(seat);
      const prefer: Record<string, unknown>[] = [];
      if (v.phase === 'bidding') prefer.push(bid ? { type: 'bid', bid: 'pass' } : { type: 'bid', bid: 'dobbm' });
      if (!doubled) prefer.push({ type: 'double', call: 'schwacher' });
      prefer.push({ type: 'double', call: 'gut' });
      if (step === 5) hold = true;
      const done = await move(page, v.seq, prefer);
      moves.push(`${seat}: ${done}`);
      if (done.includes('"dobbm"')) bid = true;
      if (done.includes('schwacher')) doubled = true;
      await waitForSeq(site, handId, v.seq + 1);
      // The acting seat's screen shows no card another seat still holds (after the last card
      // the page has moved on to the next deal, where the cards are new).
      const now = await auditorView(site, handId);
      if (now.status === 'active') await expectNoForeignCards(page, seat, dealt, now);
    }
    expect(moves.some((m) => m.includes('"dobbm"'))).toBe(true);
    expect(moves.some((m) => m.includes('schwacher'))).toBe(true);
    expect(moves.some((m) => m.includes('discard'))).toBe(true);
    expect(moves.filter((m) => m.includes('play ')).length).toBe(32);
    const over = await auditorView(site, handId);
    expect(over.status).toBe('over');
    await expect(watcher.page.locator('[data-testid="status"]').getAttribute('data-hand')).resolves.toBe(handId);
    cut();
    await watcher.page.locator(`[data-testid="status"][data-hand="${over.nextHandId}"]`).waitFor();

    // Everybody sees the same result and ledger, which match the API's.
    const scores = (over.result as { scores: number[] }).scores;
    const texts: string[] = [];
    for (const page of pages) {
      await page.getByTestId('result').waitFor();
      await page.getByTestId('ledger').waitFor();
      for (const [seat, score] of scores.entries())
        await expect(page.getByTestId(`score-${seat}`).textContent()).resolves.toBe(score > 0 ? `+${score}` : String(score));
      texts.push(`${await page.getByTestId('result').textContent()}|${await page.getByTestId('ledger').textContent()}`);
    }
    expect(new Set(texts).size).toBe(1);
    await site.shot(pages[0]!, 'table-dobbm');
    // Everybody's page is open: nobody is shown as not connected.
    expect(await pages[0]!.locator('.seat [data-testid=offline]').count()).toBe(0);

    // Every view a page received while the hand ran held no card of another seat's hand.
    for (const [i, views] of seen.entries()) {
      expect(views.socketed).toBeGreaterThan(0); // the page followed the hand on its table's WebSocket
      expect(views.posted).toBe(0); // and acted on it
      // One socket for the session: the next hand's first view came on it too.
      expect(views.sockets).toEqual([`/tables/${tableId}/socket`]);
      expect(views.some((v) => v.id === over.nextHandId && v.seq === 0)).toBe(true);
      await pages[i]!.locator(`[data-testid="status"][data-hand="${over.nextHandId}"]`).waitFor();
      const seat = seating[i]!;
      const active = views.filter((v) => v.id === handId && v.status === 'active');
      expect(active.length).toBeGreaterThan(0);
      for (const v of active) {
        const played = playedIn(v);
        const foreign = foreignCards(seat, dealt).filter((c) => !played.has(c));
        expect(stringsIn(v).filter((s) => foreign.includes(s))).toEqual([]);
      }
    }

    // The finished hand's replay steps forward through the same actions as the event log, and back to the same screens.
    const replay = pages[1]!;
    await replay.goto(`/hands/${handId}/replay`);
    await replay.getByTestId('commitment').filter({ hasText: '✔ verified' }).waitFor();
    const events = (await (
      await fetch(`${site.url}/hands/${handId}/events`, { headers: { Authorization: `Bearer ${AUDIT_TOKEN}` } })
    ).json()) as { seq: number; payload: unknown }[];
    const screens: string[] = [await replay.locator('.replay-board').innerHTML()];
    for (let k = 1; k < events.length; k++) {
      await replay.getByRole('button', { name: 'forward' }).click();
      await expect(replay.getByTestId('replay-position').textContent()).resolves.toBe(`${k} of ${events.length - 1}`);
      // Each step in words: who did what, never the action's JSON.
      const said = (await replay.getByTestId('replay-action').textContent())!;
      const action = events[k]!.payload as { seat?: number };
      expect(said).not.toMatch(/[{}"]/);
      if (typeof action.seat === 'number') expect(said).toContain(names[seating.indexOf(action.seat)]!);
      screens.push(await replay.locator('.replay-board').innerHTML());
      if (k === 12) await site.shot(replay, 'replay');
    }
    expect(await replay.locator('[data-replay-seat] [data-card]').count()).toBe(0); // every card played
    for (let k = events.length - 2; k >= 0; k--) {
      await replay.keyboard.press('ArrowLeft');
      await expect(replay.getByTestId('replay-position').textContent()).resolves.toBe(`${k} of ${events.length - 1}`);
      expect(await replay.locator('.replay-board').innerHTML()).toBe(screens[k]);
    }
    // The replay's page left the table: the others see that its person is not connected.
    const gone = pages[0]!.locator(`.seat[data-seat="${seating[1]}"] [data-testid=offline]`);
    await gone.waitFor();
    expect(await gone.textContent()).toBe('not connected');
    await site.shot(pages[0]!, 'table-not-connected');
    // At the deal, each seat holds what the auditor saw dealt.
    for (const [seat, cards] of dealt.entries()) {
      const shown = await replay
        .locator(`[data-replay-seat="${seat}"] [data-card]`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
      expect([...shown].sort()).toEqual([...(cards ?? [])].sort());
    }
    await Promise.all(people.map((p) => p.context.close()));
  }, 150_000);
});

/** Cards dealt to the other seats (the Dobb is not dealt to anyone). */
function foreignCards(seat: number, dealt: (string[] | null)[]): string[] {
  return dealt.flatMap((h, s) => (s === seat ? [] : (h ?? [])));
}

async function expectNoForeignCards(page: Page, seat: number, dealt: (string[] | null)[], now: Record<string, unknown>): Promise<void> {
  const played = playedIn(now);
  const foreign = new Set(foreignCards(seat, dealt).filter((c) => !played.has(c)));
  expect((await cardsOnScreen(page)).filter((c) => foreign.has(c))).toEqual([]);
}
