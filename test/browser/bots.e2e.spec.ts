import { auditorView, currentHandId, move, PREFER, signUp, waitForSeq } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * One person alone: opens a table, seats three bots, and plays a Droggn hand (bidding a Solo
 * when still open) and a Doppelkopf hand (declaring a queen solo, announcing Re when offered) to the end,
 * every card played from the keyboard.
 */
describe('one person plays against three bots in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const cases = [
    // Droggn: a Solo when the bidding still allows it (a bot may have bid higher first).
    {
      game: 'droggn',
      prefer: PREFER.droggn,
      mark: 'play ',
      // This page's sockets and streams are refused (as an instance full of them answers): it follows with the long poll and posts.
      refuse: ['socket', 'stream'],
    },
    {
      game: 'doppelkopf',
      prefer: PREFER.doppelkopf,
      mark: 'solo-q',
      // This page's socket is closed at once (a proxy without WebSockets): it follows with the stream and posts.
      refuse: ['socket'],
    },
  ] as const;

  for (const c of cases) {
    // A Droggn hand is 21 tricks; the page holds each completed trick a moment before showing the turn it brings.
    it(`plays a ${c.game} hand to its end against bots`, async () => {
      const { page, context } = await site.person();
      const refused: string[] = [];
      const posted: string[] = [];
      context.on('request', (r) => void (r.method() === 'POST' && /\/actions$/.test(r.url()) && posted.push(r.url())));
      const refuse: readonly string[] = c.refuse;
      if (refuse.includes('socket'))
        await context.routeWebSocket(/\/tables\/[^/]+\/socket/, (ws) => {
          refused.push(ws.url());
          void ws.close({ code: 1013, reason: 'try again later' });
        });
      if (refuse.includes('stream'))
        await context.route(/\/hands\/[^/]+\/stream/, (route) => {
          refused.push(route.request().url());
          return route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'full', status: 503, detail: 'full', code: 'STREAMS_FULL' }),
          });
        });
      await signUp(page, `Solo ${c.game}`);
      await page.getByRole('combobox', { name: 'game of the new table' }).selectOption(c.game);
      // Only hosting at first: the seat is taken, left and taken again below.
      await page.locator('input[name=sitDown]').uncheck();
      await page.getByRole('button', { name: 'Open the table' }).click();
      await page.waitForURL(/\/tables\/[^/]+$/);
      const tableId = new URL(page.url()).pathname.split('/')[2]!;
      // Before the first deal a seat can be left again.
      await page.locator('[data-seat="0"]').getByRole('button', { name: 'Sit here' }).click();
      // Leaving asks first.
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: 'Leave my seat' }).click();
      await page.locator('[data-seat="1"]').getByRole('button', { name: 'Sit here' }).waitFor();
      await page.locator('[data-seat="0"]').getByRole('button', { name: 'Sit here' }).click();
      await page.locator('select[name=strength]').selectOption('heuristic');
      await page.getByRole('button', { name: 'Fill the other empty seats with bots' }).click();
      await page.getByTestId('status').waitFor();
      const handId = (await currentHandId(site, tableId))!;

      const moves: string[] = [];
      for (let step = 0; step < 100; step++) {
        const v = await auditorView(site, handId);
        if (v.status !== 'active') break;
        if (!v.toAct.includes(0)) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        moves.push(await move(page, v.seq, [...c.prefer], { keyboard: true }));
        await waitForSeq(site, handId, v.seq + 1);
        if (moves.length === 8) {
          await site.shot(page, `table-${c.game}`);
          await page.setViewportSize({ width: 390, height: 800 });
          await site.shot(page, `table-${c.game}-phone`);
          await page.setViewportSize({ width: 1100, height: 800 });
        }
      }
      const over = await auditorView(site, handId);
      expect(over.status).toBe('over');
      expect(refused.length).toBeGreaterThanOrEqual(c.refuse.length);
      expect(posted.length).toBe(moves.length); // without its socket the page posts each action
      expect(moves.join('\n')).toContain(c.mark);
      expect(moves.some((m) => m.startsWith('play '))).toBe(true);
      await page.getByTestId('result').waitFor();
      const scores = (over.result as { scores: number[] }).scores;
      await expect(page.getByTestId('score-0').textContent()).resolves.toBe(scores[0]! > 0 ? `+${scores[0]}` : String(scores[0]));
      // Its stream or long poll goes on with the hand the table dealt next.
      await page.locator(`[data-testid="status"][data-hand="${over.nextHandId}"]`).waitFor();

      // The lobby lists the table under its game only.
      await page.goto('/');
      await page.getByRole('combobox', { name: 'filter by game' }).selectOption(c.game);
      await page.locator(`tr[data-table="${tableId}"]`).waitFor();
      const others = page.locator('tr[data-table] td:first-child').filter({ hasNotText: c.game });
      for (let i = 0; i < 100 && (await others.count()) > 0; i++) await page.waitForTimeout(50);
      expect(await others.count()).toBe(0);
      await context.close();
    }, 120_000);
  }
});
