import { auditorView, currentHandId, expectWordsOnly, move, PREFER, signUp, waitForSeq, fillWithBots } from './play.testkit.js';
import { expectBreakdownSums } from './breakdown.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * Cards in the order players hold them, highest first, as the rules list them (the trump
 * tables of docs/rules/doppelkopf.md; the plain suits with alternating colours). A hand is in order when it is a
 * subsequence of its game's list.
 */
const DOKO_SUITS = (trumps: string[]) =>
  ['C', 'H', 'S', 'D'].flatMap((s) => ['A', '10', 'K', 'Q', 'J', '9'].map((r) => s + r)).filter((c) => !trumps.includes(c));
const DOKO_NORMAL_TRUMPS = ['H10', 'CQ', 'SQ', 'HQ', 'DQ', 'CJ', 'SJ', 'HJ', 'DJ', 'DA', 'D10', 'DK', 'D9'];
const ORDER = {
  dobbm: ['H', 'A', 'L', 'B'].flatMap((s) => ['S', '10', 'K', 'O', 'U', '9', '8', '7', '6'].map((r) => s + r)),
  droggn: [
    'GS',
    ...Array.from({ length: 21 }, (_, i) => `T${21 - i}`),
    ...['S', 'H', 'C', 'D'].flatMap((s) =>
      (s === 'S' || s === 'C'
        ? ['K', 'Q', 'R', 'J', '10', '9', '8', '7', '6', '5', '4']
        : ['K', 'Q', 'R', 'J', '1', '2', '3', '4', '5', '6', '7']
      ).map((r) => s + r),
    ),
  ],
  doppelkopf: [...DOKO_NORMAL_TRUMPS, ...DOKO_SUITS(DOKO_NORMAL_TRUMPS)],
  'doppelkopf solo-q': ['CQ', 'SQ', 'HQ', 'DQ', ...DOKO_SUITS(['CQ', 'SQ', 'HQ', 'DQ'])],
};

function inOrder(hand: string[], order: string[]): boolean {
  const at = hand.map((c) => order.indexOf(c));
  return at.every((i, k) => i >= 0 && (k === 0 || i >= at[k - 1]!));
}

/** Finished hands whose breakdown was summed against the ledger, by game (a hand may be thrown in). */
const summed: Record<string, number> = {};

/** Hands in which the page's own card completed a trick (a deal may give it no chance: a bot's solo, a throw-in). */
let completedTricksSeen = 0;

/** Cards in a trick: every seat of these tables plays. */
const SEATS = { dobbm: 4, droggn: 3, doppelkopf: 4 };

const CASES = (['dobbm', 'droggn', 'doppelkopf'] as const).map((game) => ({ game, prefer: PREFER[game] }));

/**
 * A hand of each game against bots, in German and in English: every visible text is words from
 * the catalogues, the hand is held in the game's order (and re-sorted when a solo changes the
 * trumps), the last trick opens with the cards the log has, and the result breaks the score down. Every
 * page fits a phone.
 */
describe('the table speaks German and English, in words', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ ownDatabase: 'webwords' });
  });
  afterAll(() => site?.close());

  for (const lang of ['de', 'en'] as const) {
    for (const c of CASES) {
      it(`plays a ${c.game} hand in ${lang === 'de' ? 'German' : 'English'}`, async () => {
        // Two German hands keep the table's pace, finished tricks held in sight, until one the page's
        // own card completed has been looked at; the others (Droggn's eighteen tricks among them) clear
        // them at once, the device setting a quick player chooses.
        const heldTricks = lang === 'de' && c.game !== 'droggn';
        const { page, context } = await site.person({ locale: lang === 'de' ? 'de-AT' : 'en-GB', heldTricks });
        page.on('dialog', (d) => void d.accept());
        await signUp(page, lang === 'de' ? 'Resi' : 'Mary');
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        await page.locator('select[name=game]').selectOption(c.game);
        await page.locator('form details').evaluate((d) => d.setAttribute('open', ''));
        await expectWordsOnly(page, `${c.game} lobby with the rule options`);
        await site.shot(page, `${lang}-lobby-${c.game}`);
        await page.locator('form button.primary[type=submit]').click();
        await page.waitForURL(/\/tables\/[^/]+$/);
        const tableId = new URL(page.url()).pathname.split('/')[2]!;
        await fillWithBots(page);
        const handId = (await currentHandId(site, tableId))!;

        // After the deal, the hand is in the game's order.
        const hand = () => page.locator('.hand [data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
        const dealt = await hand();
        expect(dealt.length).toBeGreaterThan(5);
        expect({ dealt, inOrder: inOrder(dealt, ORDER[c.game]) }).toEqual({ dealt, inOrder: true });
        await expectWordsOnly(page, `${c.game} after the deal`);

        let lastTrickSeen = false;
        let completedSeen = false;
        let shot = false;
        for (let step = 0; step < 120; step++) {
          const v = await auditorView(site, handId);
          if (v.status !== 'active') break;
          if (!v.toAct.includes(0)) {
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          const tricks = (v.tricks as { plays: { card: string }[] }[] | undefined) ?? [];
          const current = ((v.currentTrick ?? v.trick) as { plays: unknown[] } | null)?.plays ?? [];
          if (!lastTrickSeen && tricks.length > 0 && current.length > 0) {
            // The page shows this very view (its turn, at this seq) before the toggle is looked for.
            await page.locator(`[data-testid=status][data-seq="${v.seq}"][data-my-turn=true]`).waitFor();
            await page.getByTestId('last-trick-toggle').click();
            const shown = await page
              .locator('[data-testid=last-trick] [data-trick-card]')
              .evaluateAll((els) => els.map((e) => e.getAttribute('data-trick-card')));
            expect(shown).toEqual(tricks[tricks.length - 1]!.plays.map((p) => p.card));
            await expectWordsOnly(page, `${c.game} last trick`);
            lastTrickSeen = true;
          }
          const moved = await move(page, v.seq, [...c.prefer], { keyboard: step % 2 === 0 });
          // The page shows the hand at v.seq (move waited for it); look at it before the move lands.
          await expectWordsOnly(page, `${c.game} at seq ${v.seq}`);
          // A trick this card completes stays in sight a moment, though a bot may lead the next at once.
          const trick = ((v.currentTrick ?? v.trick) as { plays: { card: string }[] } | null)?.plays ?? [];
          if (heldTricks && moved.startsWith('play ') && trick.length === SEATS[c.game] - 1 && !completedSeen) {
            const card = moved.slice('play '.length);
            // Doppelkopf holds twins: the trick may show the same card twice.
            await page.locator(`.trick [data-played="${card}"]`).first().waitFor();
            await page.waitForTimeout(400);
            const inSight = await page.locator('.trick [data-played]').evaluateAll((els) => els.map((e) => e.getAttribute('data-played')));
            expect(inSight.sort()).toEqual([...trick.map((p) => p.card), card].sort());
            completedSeen = true;
            // Seen once is enough: the rest of the hand clears its tricks at once, as a quick player sets it.
            await page.getByTestId('settings').locator('summary').click();
            await page.locator('input[name=quickTricks]').check();
          }
          if (v.phase === 'play') {
            const held = await hand();
            const order = v.contract === 'solo-q' ? ORDER['doppelkopf solo-q'] : ORDER[c.game];
            expect({ held, contract: v.contract, inOrder: inOrder(held, order) }).toEqual({ held, contract: v.contract, inOrder: true });
          }
          if (!shot && v.phase === 'play') {
            await site.shot(page, `${lang}-table-${c.game}`);
            shot = true;
          }
          await waitForSeq(site, handId, v.seq + 1);
        }
        expect(lastTrickSeen).toBe(true);
        if (completedSeen) completedTricksSeen++;
        expect((await auditorView(site, handId)).status).toBe('over');
        await page.getByTestId('result').waitFor();
        expect(await page.locator('[data-testid=breakdown] li').count()).toBeGreaterThan(0);
        if (await expectBreakdownSums(page, site, c.game, tableId, handId)) summed[c.game] = (summed[c.game] ?? 0) + 1;
        await expectWordsOnly(page, `${c.game} result`);
        // Every line from the base value to the settlement: who won and who pays whom (Dobbm), the difference points (Droggn).
        const result = (await auditorView(site, handId)).result as { status: string; details?: Record<string, unknown> };
        const lines = await page.getByTestId('breakdown').innerText();
        if (c.game === 'dobbm' && result.status !== 'thrownIn' && !result.details?.abandoned) {
          expect({ lines, said: /Gewonnen ha|won:|Niemand zahlt|Nobody pays/.test(lines) }).toEqual({ lines, said: true });
          expect({ lines, vague: /zahlt oder bekommt|pays or receives/.test(lines) }).toEqual({ lines, vague: false });
        }
        if (
          c.game === 'droggn' &&
          result.status !== 'thrownIn' &&
          typeof result.details?.mordValue !== 'number' &&
          typeof result.details?.baseValue === 'number'
        )
          expect({ lines, said: /Differenzpunkte|difference points|Alle Stiche|All tricks/.test(lines) }).toEqual({ lines, said: true });
        // The score sheet's totals are the ledger's balances.
        const ledger = (await (await fetch(`${site.url}/tables/${tableId}/ledger`)).json()) as {
          balances: { seat: number; amount: number }[];
        };
        for (const b of ledger.balances.filter((x) => Number.isInteger(x.amount)))
          await expect(page.getByTestId(`balance-${b.seat}`).textContent()).resolves.toBe(String(b.amount));
        await site.shot(page, `${lang}-result-${c.game}`);
        // The result stays until it is closed, after a reload too.
        await page.reload();
        await page.getByTestId('result').waitFor();
        await page.getByTestId('dismiss-result').click();
        expect(await page.getByTestId('result').count()).toBe(0);
        await page.reload();
        await page.getByTestId('ledger').waitFor();
        expect(await page.getByTestId('result').count()).toBe(0);
        await context.close();
      });
    }
  }

  it('held a trick its own card completed in sight in the hands above', () => {
    expect(completedTricksSeen).toBeGreaterThan(0);
  });

  it('summed the breakdown of a finished hand of each game against the ledger in the hands above', () => {
    expect(summed).toEqual({ dobbm: expect.any(Number), droggn: expect.any(Number), doppelkopf: expect.any(Number) });
  });

  it('fits every page into a 375 px wide phone without sideways scrolling', async () => {
    const { page, context } = await site.person({ locale: 'de-DE' });
    page.on('dialog', (d) => void d.accept());
    await page.setViewportSize({ width: 375, height: 740 });
    await signUp(page, 'Vroni mit einem recht langen Namen');
    await page.locator('form button.primary[type=submit]').click();
    await page.waitForURL(/\/tables\/[^/]+$/);
    const tableId = new URL(page.url()).pathname.split('/')[2]!;
    const widest = async (where: string) => {
      await page.locator('main h1').first().waitFor();
      const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
      expect({ where, width }).toEqual({ where, width: 375 });
    };
    await widest('a table waiting for players');
    await fillWithBots(page);
    await widest('a table in play');
    await site.shot(page, 'de-table-phone');
    const handId = (await currentHandId(site, tableId))!;
    const me = String(await page.evaluate("localStorage.getItem('kartentisch.player')"));
    const playerId = (JSON.parse(me) as { id: string }).id;
    for (const path of ['/', '/cards', '/audit', `/tables/${tableId}/hands`, `/players/${playerId}/hands`, `/hands/${handId}/replay`]) {
      await page.goto(path);
      await widest(path);
    }
    await site.shot(page, 'de-phone-hands');
    // A player's hands are headed with the player's name.
    await page.goto(`/players/${playerId}/hands`);
    await page.locator('main h1', { hasText: 'Spiele von Vroni mit einem recht langen Namen' }).waitFor();
    await page.goto('/');
    await page.locator('tr[data-table]').first().waitFor();
    await widest('the lobby with a table');
    await site.shot(page, 'de-lobby-phone');
    await context.close();
  });
});
