import { importSimulatedLog } from '../support/audit.testkit.js';
import { AUDIT_TOKEN } from '../support/app.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * The audit page's second kind, card sharing (docs/audit-card-sharing.md), on a small imported
 * Dobbm log with its players seated (the evidence at 2 worlds per valuation, computed by the
 * page's instance's own worker): the auditor picks the kind, runs it, reads the ordered pairs
 * (who → whose cards) by the players' names, and drills down to one hand's decisions in words —
 * in English and in German.
 */
describe('the audit page: card sharing', () => {
  let site: Site;
  let names: Map<string, string>;
  beforeAll(async () => {
    site = await startSite({ ownDatabase: 'webauditsharing', env: { AUDIT_SHARING_WORLDS: '2' } });
    const log = await importSimulatedLog(site.app, { players: 5, hands: 10, colludingPairs: 1, rate: 1, seed: 4 }, 'Sim');
    names = new Map(log.players.map((p) => [p.id, p.name]));
  }, 120_000);
  afterAll(() => site?.close());

  it('runs the card-sharing audit, names the ordered pairs and drills down to a hand’s decisions', async () => {
    const { page, context } = await site.person();
    await page.goto('/audit');
    await page.getByLabel('Auditor token').fill(AUDIT_TOKEN);
    await page.getByRole('button', { name: 'Use it' }).click();
    await page.getByLabel('What the audit looks for').selectOption('card-sharing');
    await page.getByRole('button', { name: 'Run the collusion audit' }).click();
    await page.getByTestId('pairs').waitFor({ timeout: 90_000 });

    const [seer, seen] = (await page.locator('[data-pair]').first().getAttribute('data-pair'))!.split('>');
    await page
      .locator('[data-pair]')
      .first()
      .locator('td')
      .nth(1)
      .filter({ hasText: `${names.get(seer!)!} → cards of ${names.get(seen!)!}` })
      .waitFor();
    await expect(page.getByTestId('audit-summary').textContent()).resolves.toMatch(/ordered pairs \(player → whose cards\)/);
    // The rates in words and the reader's digits: no raw shares.
    await expect(page.locator('[data-pair]').first().locator('td').nth(3).textContent()).resolves.toMatch(
      /^\d+ % with this player, \d+ % with others$/,
    );
    await site.shot(page, 'audit-sharing', true);

    await page.locator('[data-pair]').first().getByRole('button').click();
    await page.getByTestId('pair-hands').waitFor();
    // The first hand whose decisions show a moment of this pair (some hands have none).
    const hands = page.locator('[data-testid=pair-hands] [data-hand]');
    let found = false;
    for (let i = 0; i < (await hands.count()) && !found; i++) {
      await hands.nth(i).getByRole('button', { name: 'Decisions' }).click();
      const moments = page.getByTestId('moments');
      await moments.locator('table, p.note').first().waitFor({ timeout: 30_000 });
      found = (await moments.locator('tbody tr').count()) > 0;
      if (!found) await hands.nth(i).getByRole('button', { name: 'Hide' }).click();
    }
    expect(found).toBe(true);
    const cells = await page.locator('[data-testid=moments] tbody tr td:nth-child(2)').allInnerTexts();
    // Dobbm's valued decisions are card play and the declarer's discard: each in words.
    expect(cells.filter((c) => !['card played', 'discarding'].includes(c))).toEqual([]);
    const took = await page.locator('[data-testid=moments] tbody tr td:nth-child(3)').allInnerTexts();
    expect(took.every((c) => c === 'yes' || c === 'no')).toBe(true);
    await page.getByTestId('moments').scrollIntoViewIfNeeded();
    await site.shot(page, 'audit-sharing-moments', true);

    await page.locator('header .languages button[lang=de]').click();
    await page.locator('html[lang=de]').waitFor();
    await page.locator('[data-testid=moments] thead', { hasText: 'Entscheidung' }).waitFor();
    const germanTook = await page.locator('[data-testid=moments] tbody tr td:nth-child(3)').allInnerTexts();
    expect(germanTook.every((c) => c === 'ja' || c === 'nein')).toBe(true);
    await page.getByTestId('moments').scrollIntoViewIfNeeded();
    await site.shot(page, 'de-audit-sharing-moments', true);
    await page.getByTestId('pairs').scrollIntoViewIfNeeded();
    await site.shot(page, 'de-audit-sharing', true);
    await context.close();
  }, 150_000);
});
