import type { Page } from 'playwright-core';
import { lowContrast } from './contrast.testkit.js';
import { auditorView, currentHandId, move, PREFER, signUp, waitForSeq, fillWithBots } from './play.testkit.js';
import { PAGE_WAIT_MS, startSite, type Site } from './support.testkit.js';

const DESKTOP = { width: 1280, height: 800 };

/** What the page shows at a moment: its turn, the trick in the middle, the clocks and whose seats hold them, the dealer marks. */
async function seen(page: Page) {
  return page.$$eval('html', ([html]) => {
    const document = html!.ownerDocument;
    const win = document.defaultView!;
    const status = document.querySelector('[data-testid=status]');
    const cards = [...document.querySelectorAll('.hand button.card')];
    return {
      seq: Number(status?.getAttribute('data-seq') ?? -1),
      myTurn: status?.getAttribute('data-my-turn') === 'true',
      trick: [...document.querySelectorAll('.trick [data-played]')].map((e) => e.getAttribute('data-played')),
      clocks: [...document.querySelectorAll('[role=timer]')].map((e) => ({
        seat: Number(e.getAttribute('data-clock-seat')),
        holder: e.closest('[data-seat]')?.getAttribute('data-seat') ?? (e.closest('.mine') ? 'mine' : 'elsewhere'),
      })),
      dealerMarks: document.querySelectorAll('.board .chip.dealer').length,
      fadedCards: cards.filter((e) => win.getComputedStyle(e).filter !== 'none' || Number(win.getComputedStyle(e).opacity) < 1).length,
      controlsBottom: document.querySelector('.controls')?.getBoundingClientRect().bottom ?? 0,
      innerHeight: win.innerHeight,
    };
  });
}

/**
 * A Dobbm hand at 1280 × 800 with a turn clock, the bots at a pace one can follow: the first
 * decision is left to the clock, so the substitute makes it — the table and the replay say
 * "für Resi gespielt"; the countdown sits beside the seat whose clock runs; the hand stays at
 * full strength while a bid is decided; the dealer is marked (one's own deal too); the turn shows
 * only with the trick it belongs to; the buttons and the result are in sight without scrolling.
 */
describe('the table tells what happened, in full', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ env: { BOT_PACE_MS: '500' } });
  });
  afterAll(() => site?.close());

  it('marks the substitute, places the clock, shows the dealer and the turn in order', async () => {
    const context = await site.browser.newContext({ baseURL: site.url, viewport: DESKTOP, locale: 'de-DE' });
    context.setDefaultTimeout(PAGE_WAIT_MS);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await signUp(page, 'Resi');
    const { token } = JSON.parse(String(await page.evaluate("localStorage.getItem('kartentisch.player')"))) as { token: string };
    const created = await fetch(`${site.url}/tables`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'dobbm', turnSeconds: 4 }),
    });
    const tableId = ((await created.json()) as { id: string }).id;
    await page.goto(`/tables/${tableId}`);
    await fillWithBots(page);
    const handId = (await currentHandId(site, tableId))!;

    let substituteSeen = false;
    let botClockSeen = false;
    let bidSeen = false;
    let myTurns = 0;
    for (let step = 0; step < 400; step++) {
      const v = await auditorView(site, handId);
      if (v.status !== 'active') break;
      const now = await seen(page);
      expect({ seq: now.seq, dealerMarks: now.dealerMarks }).toEqual({ seq: now.seq, dealerMarks: 1 });
      // Every clock on the page is the seat's to act, in that seat's own place.
      for (const c of now.clocks) {
        expect({ clock: c, toAct: v.seq === now.seq ? v.toAct.includes(c.seat) : true }).toEqual({ clock: c, toAct: true });
        expect(c.holder).toBe(c.seat === 0 ? 'mine' : String(c.seat));
        if (c.seat !== 0) botClockSeen = true;
      }
      if (!v.toAct.includes(0)) {
        await new Promise((r) => setTimeout(r, 150));
        continue;
      }
      if (!substituteSeen) {
        // Resi reads her hand, at full strength, while the bid is hers to decide…
        await page.locator(`[data-testid=status][data-seq="${v.seq}"][data-my-turn=true]`).waitFor();
        if (v.phase !== 'play') {
          expect({ seq: v.seq, fadedWhileBidding: (await seen(page)).fadedCards }).toEqual({ seq: v.seq, fadedWhileBidding: 0 });
          bidSeen = true;
        }
        // …and lets her first decision run out: her substitute makes it, and the page says so.
        await waitForSeq(site, handId, v.seq + 1);
        await page.getByTestId('substituted').waitFor();
        expect(await page.getByTestId('substituted').innerText()).toMatch(/Für Resi gespielt: /);
        expect({ low: await lowContrast(page, '.board') }).toEqual({ low: [] });
        await site.shot(page, 'de-desktop-substitute', true);
        substituteSeen = true;
        continue;
      }
      await page.locator(`[data-testid=status][data-seq="${v.seq}"][data-my-turn=true]`).waitFor();
      const mine = await seen(page);
      myTurns++;
      // The turn shows with the trick it belongs to: the cards led so far are in the middle.
      const current = ((v.currentTrick as { plays: { card: string }[] } | null)?.plays ?? []).map((p) => p.card);
      if (current.length) expect({ seq: v.seq, trick: mine.trick }).toEqual({ seq: v.seq, trick: current });
      // The buttons are in sight without scrolling.
      expect({ seq: v.seq, inSight: mine.controlsBottom <= mine.innerHeight }).toEqual({ seq: v.seq, inSight: true });
      if (v.phase !== 'play') {
        expect({ seq: v.seq, fadedWhileBidding: mine.fadedCards }).toEqual({ seq: v.seq, fadedWhileBidding: 0 });
        bidSeen = true;
      }
      await move(page, v.seq, [...PREFER.dobbm]);
      await waitForSeq(site, handId, v.seq + 1);
    }
    expect({ substituteSeen, botClockSeen, myTurns: myTurns > 3 }).toEqual({ substituteSeen: true, botClockSeen: true, myTurns: true });
    expect(bidSeen).toBe(true);
    // The result comes into sight by itself.
    await page.getByTestId('result').waitFor();
    let top = DESKTOP.height;
    for (let i = 0; i < 40 && top > DESKTOP.height / 2; i++, await page.waitForTimeout(100))
      top = await page.getByTestId('result').evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeLessThan(DESKTOP.height / 2);
    expect({ low: await lowContrast(page) }).toEqual({ low: [] });
    await site.shot(page, 'de-desktop-result', true);

    // The replay says which moves the substitute made.
    await page.goto(`/hands/${handId}/replay`);
    const record = (await (
      await fetch(`${site.url}/hands/${handId}/record`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      substitutes: number[];
    };
    expect(record.substitutes.length).toBeGreaterThan(0);
    await page.getByTestId('replay-position').waitFor();
    for (let i = 0; i <= record.substitutes[0]!; i++) await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('replay-substitute').innerText()).toMatch(/für Resi gespielt/);
    await site.shot(page, 'de-desktop-replay-substitute', true);
    await context.close();
  }, 150_000);
});
