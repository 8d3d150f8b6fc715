import type { Page } from 'playwright-core';
import { lowContrast } from './contrast.testkit.js';
import { auditorView, currentHandId, signUp, waitForSeq, fillWithBots } from './play.testkit.js';
import { PAGE_WAIT_MS, startSite, type Site } from './support.testkit.js';

const PHONE = { width: 375, height: 812 };

/** What of the table lies inside the first screen (scrolled to the top), and how wide the page is. */
async function firstScreen(page: Page) {
  await page.evaluate('window.scrollTo(0, 0)');
  return page.$$eval('html', ([html]) => {
    const { width, height } = { width: 375, height: 812 };
    const document = html!.ownerDocument;
    const inside = (e: typeof html) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= height && r.right <= width;
    };
    const hand = [...document.querySelectorAll('.hand [data-card]')];
    const trick = [...document.querySelectorAll('.trick [data-played]')];
    const toAct = [...document.querySelectorAll('.seat.to-act, .mine.to-act [data-testid=status]')];
    return {
      handInSight: hand.filter(inside).length,
      hand: hand.length,
      trickInSight: trick.filter(inside).length,
      trick: trick.length,
      toActInSight: toAct.filter(inside).length,
      toAct: toAct.length,
      // The page's width, or the right edge of whatever sticks out of it (a wide table inside a grid cell).
      scrollWidth: Math.max(
        document.documentElement.scrollWidth,
        ...[...document.querySelectorAll('main *')]
          .filter((e) => !e.parentElement!.closest('.scroll'))
          .map((e) => e.getBoundingClientRect().right),
      ),
    };
  });
}

/**
 * A hand of Doppelkopf on a phone (375 × 812, touch), in German and in English: the hand, the
 * trick and the seat to act in one screen; a tap selects a card and a second tap plays it; every text readable (WCAG
 * 4.5:1) — the last trick too; never wider than the screen, the result included.
 */
describe('the table on a phone', () => {
  let site: Site;
  beforeAll(async () => {
    // The ended hand stays on the board only while the next one waits for Resi's "next": with the
    // tests' default of no wait it leaves after a moment, and the settings below measure its trick.
    site = await startSite({ env: { RESULT_PAUSE_MS: '120000' } });
  });
  afterAll(() => site?.close());

  /** Each language's page: its locale, its screenshots' prefix, and the tab title while it is your turn. */
  const LANGUAGES = [
    { locale: 'de-DE', prefix: 'de', turn: /^▶ Du bist dran/ },
    { locale: 'en-US', prefix: 'en', turn: /^▶ Your turn/ },
  ];
  it.each(LANGUAGES)(
    '$locale: hand, trick and turn in one screen, readable, never too wide',
    async ({ locale, prefix, turn }) => {
      const context = await site.browser.newContext({ baseURL: site.url, viewport: PHONE, locale, hasTouch: true, isMobile: true });
      context.setDefaultTimeout(PAGE_WAIT_MS);
      const page = await context.newPage();
      page.on('dialog', (d) => void d.accept());
      await signUp(page, 'Resi');
      await page.locator('select[name=game]').selectOption('doppelkopf');
      await page.locator('form button.primary[type=submit]').click();
      await page.waitForURL(/\/tables\/[^/]+$/);
      const tableId = new URL(page.url()).pathname.split('/')[2]!;
      expect((await firstScreen(page)).scrollWidth).toBeLessThanOrEqual(376);
      await fillWithBots(page);
      const handId = (await currentHandId(site, tableId))!;

      let playChecked = 0;
      let lastTrickChecked = false;
      let tappedTwice = false;
      for (let step = 0; step < 80; step++) {
        const v = await auditorView(site, handId);
        if (v.status !== 'active') break;
        if (!v.toAct.includes(0)) {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        await page.locator(`[data-testid=status][data-seq="${v.seq}"][data-my-turn=true]`).waitFor();
        const screen = await firstScreen(page);
        expect({ seq: v.seq, scrollWidth: screen.scrollWidth }).toEqual({ seq: v.seq, scrollWidth: expect.any(Number) });
        expect(screen.scrollWidth).toBeLessThanOrEqual(376);
        if (v.phase === 'play') {
          expect({ seq: v.seq, ...screen }).toEqual({
            seq: v.seq,
            ...screen,
            handInSight: Math.max(Math.min(3, screen.hand), screen.handInSight),
            trickInSight: screen.trick,
            toActInSight: screen.toAct,
          });
          expect(screen.toAct).toBeGreaterThan(0);
          // The tab's title says whose turn it is (seen from another tab).
          expect(await page.title()).toMatch(turn);
          if (playChecked++ % 4 === 0) {
            expect({ seq: v.seq, low: await lowContrast(page) }).toEqual({ seq: v.seq, low: [] });
            await site.shot(page, `${prefix}-phone-play-${playChecked}`, true);
          }
          const tricks = (v.tricks as unknown[] | undefined) ?? [];
          const current = (v.currentTrick as { plays: unknown[] } | null)?.plays ?? [];
          if (!lastTrickChecked && tricks.length > 0 && current.length > 0) {
            await page.getByTestId('last-trick-toggle').click();
            await page.getByTestId('last-trick').waitFor();
            expect({ lastTrick: await lowContrast(page, '[data-testid=last-trick]') }).toEqual({ lastTrick: [] });
            await site.shot(page, `${prefix}-phone-last-trick`);
            lastTrickChecked = true;
          }
          // A tap selects (and plays nothing); a second tap on the same card plays it.
          const card = page.locator('.hand button.card.legal').first();
          await card.tap();
          await page.locator('.hand button.card.legal.selected').waitFor();
          expect((await auditorView(site, handId)).seq).toBe(v.seq);
          await card.tap();
          tappedTwice = true;
        } else {
          const button = page.locator('[data-action]').first();
          await button.tap();
        }
        await waitForSeq(site, handId, v.seq + 1);
      }
      expect(playChecked).toBeGreaterThan(3);
      expect(lastTrickChecked).toBe(true);
      expect(tappedTwice).toBe(true);
      await page.getByTestId('result').waitFor();
      await page.locator('[data-testid=ledger] tbody tr').first().waitFor();
      expect((await firstScreen(page)).scrollWidth).toBeLessThanOrEqual(376);
      expect({ result: await lowContrast(page) }).toEqual({ result: [] });
      await site.shot(page, `${prefix}-phone-result`);
      expect(await page.title()).not.toMatch(turn);

      // The device's settings: the turn sound is off until switched on; larger cards; four colours for the French suits.
      const settings = page.getByTestId('settings');
      await settings.locator('summary').tap();
      expect(await settings.locator('input[name=turnSound]').isChecked()).toBe(false);
      const widthOf = () =>
        page
          .locator('.trick [data-played]')
          .first()
          .evaluate((e) => e.getBoundingClientRect().width);
      const fills = () =>
        page
          .locator('.trick svg')
          .evaluateAll((els) => els.flatMap((e) => [...e.querySelectorAll('[fill]')].map((f) => f.getAttribute('fill'))));
      const before = await widthOf();
      expect(await fills()).not.toContain('#1b7a2e');
      await settings.locator('input[name=largeCards]').check();
      await settings.locator('input[name=fourColours]').check();
      expect(await widthOf()).toBeGreaterThan(before);
      // Clubs are green and diamonds blue now, wherever one of them lies in the last trick.
      const trick = await page.locator('.trick [data-played]').evaluateAll((els) => els.map((e) => e.getAttribute('data-played')!));
      if (trick.some((c) => c.startsWith('C'))) expect(await fills()).toContain('#1b7a2e');
      if (trick.some((c) => c.startsWith('D'))) expect(await fills()).toContain('#1f4fb0');
      await site.shot(page, `${prefix}-phone-settings`, true);
      await page.reload();
      await page.getByTestId('settings').waitFor({ state: 'attached' });
      expect(await page.locator('input[name=fourColours]').isChecked()).toBe(true);
      await context.close();
    },
    150_000,
  );
});
