import type { Page } from 'playwright-core';
import { expectWordsOnly } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';
import { newPlayers, playHandQuickly, rng, seatedTable, type Player } from '../support/bots.testkit.js';

/**
 * The histories in words: each result names its players beside their scores, and a player's
 * hands stand under one heading per table (its game and the day it was opened), the hand numbers
 * counted within it — in German and English, on a desktop and at 375 px.
 */
describe('the histories', () => {
  let site: Site;
  let players: Player[];
  /** The first table: one hand played, the second dealt; the second table: one hand played. */
  let first: string;
  let second: string;
  beforeAll(async () => {
    site = await startSite();
    players = await newPlayers(site.app, 4, 'Hist');
    const a = await seatedTable(site.app, players, { game: 'dobbm', rules: { players: 4 } });
    first = a.tableId;
    await playHandQuickly(site.app, a.handId, players, rng(11));
    const b = await seatedTable(site.app, players, { game: 'dobbm', rules: { players: 4 } });
    second = b.tableId;
    await playHandQuickly(site.app, b.handId, players, rng(12));
  }, 180_000);
  afterAll(async () => {
    // the tables' next hands are left dealt: ended here, so nothing plays them on
    await site?.app.sql.query(`UPDATE tables SET status = 'ended' WHERE id = ANY($1::uuid[])`, [[first, second]]);
    await site?.close();
  });

  /** A browser profile signed in as `player`, speaking `locale`, `width` px wide. */
  const as = async (player: Player, locale: string, width = 1100) => {
    const person = await site.person({ locale });
    await person.page.setViewportSize({ width, height: 812 });
    await person.page.addInitScript(`localStorage.setItem('kartentisch.player', ${JSON.stringify(JSON.stringify(player))})`);
    return person;
  };
  const scoreLines = (page: Page) => page.locator('tr[data-hand] .hand-scores').allInnerTexts();
  const scrollWidth = (page: Page) => page.evaluate<number>('Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)');

  it.each([
    ['de-DE', 1100, 'Dobbm-Tisch vom', 'de-history'],
    ['en-US', 375, 'Dobbm table of', 'en-history-phone'],
  ])(
    "%s, %i px: a player's hands grouped by table, each result with every player's name",
    async (locale, width, heading, shot) => {
      const { context, page } = await as(players[1]!, locale, width);
      await page.goto(`/players/${players[1]!.id}/hands`);
      await page.locator('tr[data-hand] .hand-scores').first().waitFor();
      // one group per table, each with its hands counted from 1, newest first
      const groups = page.locator('section.hand-group');
      const tables = await groups.evaluateAll((els) => els.map((e) => e.getAttribute('data-table')));
      expect([...tables].sort()).toEqual([first, second].sort());
      const titles = await page.getByTestId('group-title').allInnerTexts();
      expect(titles).toHaveLength(2);
      for (const title of titles) expect(title).toContain(heading);
      for (let g = 0; g < 2; g++) {
        const numbers = (await groups.nth(g).locator('tr[data-hand] td:first-child').allInnerTexts()).map(Number);
        expect(numbers).toEqual(numbers.map((_, i) => numbers.length - i));
      }
      const lines = await scoreLines(page);
      expect(lines).toHaveLength(2);
      for (const line of lines) for (const p of players) expect(line).toMatch(new RegExp(`${p.name}\\s+[+−-]?\\d`));
      await expectWordsOnly(page, `${locale}: a player's history`);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width + 1);
      await site.shot(page, shot);
      await context.close();
    },
    60_000,
  );

  it("a table's hands: each result with every player's name", async () => {
    const { context, page } = await as(players[0]!, 'de-DE', 375);
    await page.goto(`/tables/${first}/hands`);
    await page.locator('tr[data-hand] .hand-scores').first().waitFor();
    const [line] = await scoreLines(page);
    for (const p of players) expect(line).toMatch(new RegExp(`${p.name}\\s+[+−-]?\\d`));
    expect(line).not.toMatch(/^[\s+−\-\d/]+$/);
    await expectWordsOnly(page, "a table's history");
    expect(await scrollWidth(page)).toBeLessThanOrEqual(376);
    await site.shot(page, 'de-table-history-phone');
    await context.close();
  }, 60_000);
});
