import type { SimConfig } from '../../src/collusion/sim/simulate.js';
import { importSimulatedLog } from '../support/audit.testkit.js';
import { AUDIT_TOKEN } from '../support/app.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * The audit page on a simulated Dobbm log with one planted pair (as test/collusion.e2e.spec.ts,
 * on a database of its own): the auditor runs the audit, the planted pair ranks first, the
 * chart is drawn with its thresholds, and the drill-down reaches a call's evidence and a verified log.
 */
describe('the audit page', () => {
  const config: SimConfig = { players: 8, hands: 300, colludingPairs: 1, rate: 1, seed: 3 };
  let site: Site;
  let planted: [string, string];
  /** The names the import gave the record's players, who sat at no table here. */
  let names: Map<string, string>;
  beforeAll(async () => {
    site = await startSite({ ownDatabase: 'webaudit', env: { AUDIT_SAMPLES: '4' } });
    const log = await importSimulatedLog(site.app, config, 'Sim');
    planted = log.planted;
    names = new Map(log.players.map((p) => [p.id, p.name]));
  }, 180_000);
  afterAll(() => site?.close());

  it('ranks the planted pair first, draws its chart, and drills down to the evidence', async () => {
    const { page, context } = await site.person();
    await page.goto('/audit');
    await page.getByLabel('Auditor token').fill(AUDIT_TOKEN);
    await page.getByRole('button', { name: 'Use it' }).click();
    await page.getByRole('button', { name: 'Run the collusion audit' }).click();
    await page.getByTestId('pairs').waitFor({ timeout: 90_000 });

    const first = (await page.locator('[data-pair]').first().getAttribute('data-pair'))!.split('>');
    expect([...first].sort()).toEqual([...planted].sort());
    const rows = await page.locator('[data-pair]').count();
    expect(rows).toBeGreaterThan(1);
    expect(await page.locator('[data-testid=scatter] circle').count()).toBeGreaterThanOrEqual(rows);
    expect(await page.locator('[data-testid=scatter] [data-threshold=strong]').count()).toBe(1);
    await expect(page.locator('[data-pair]').first().locator('td').last().textContent()).resolves.toMatch(/strong|review/);

    // The imported records' players by the names they were created with, not by ids.
    await page
      .locator('[data-pair]')
      .first()
      .locator('td')
      .nth(1)
      .filter({ hasText: `${names.get(first[0]!)!} → ${names.get(first[1]!)!}` })
      .waitFor();
    await site.shot(page, 'audit', true);
    await page.locator('[data-testid=scatter] circle[data-rank="1"]').click();
    await page.getByTestId('pair-hands').waitFor();
    await page.getByRole('button', { name: 'Evidence' }).first().click();
    await page.getByTestId('evidence').waitFor();
    // Each call's seat by the name of the record's player in it.
    await page.locator('[data-testid=evidence] tbody tr td:nth-child(2)', { hasText: /^Sim / }).first().waitFor();
    const seats = await page.locator('[data-testid=evidence] tbody tr td:nth-child(2)').allInnerTexts();
    expect(seats.filter((n) => ![...names.values()].includes(n))).toEqual([]);
    await page.getByRole('button', { name: 'Verify the hand’s log' }).click();
    await page.getByTestId('verify').filter({ hasText: '✔' }).waitFor();
    await page.getByTestId('evidence').scrollIntoViewIfNeeded();
    await site.shot(page, 'audit-evidence', true);
    await page.locator('header .languages button[lang=de]').click();
    await page.locator('html[lang=de]').waitFor();
    await site.shot(page, 'de-audit-evidence', true);
    await context.close();
  });
});
