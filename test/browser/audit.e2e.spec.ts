import type { SimConfig } from '../../src/collusion/sim/simulate.js';
import { importSimulatedLog } from '../support/audit.testkit.js';
import { AUDIT_TOKEN } from '../support/app.testkit.js';
import { expectWordsOnly } from './play.testkit.js';
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

  it('in German: the menu lists the audit only with a key; names and figures in words and German digits', async () => {
    // A bot among the audited players: the service writes its strength into its name as a code.
    await site.app.sql.query(`UPDATE players SET name = 'Bot 2 (strong)', bot = 'strong' WHERE id = $1`, [planted[0]]);
    const { page, context } = await site.person({ locale: 'de-DE' });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await menu.getByRole('link', { name: 'Regeln' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Prüfung' }).count()).toBe(0);
    await page.goto('/audit');
    await page.getByLabel('Prüfer-Schlüssel').fill(AUDIT_TOKEN);
    await page.getByRole('button', { name: 'Verwenden' }).click();
    await menu.getByRole('link', { name: 'Prüfung' }).waitFor();
    await page.getByRole('button', { name: 'Auf Absprachen prüfen' }).click();
    await page.getByTestId('pairs').waitFor({ timeout: 90_000 });
    await page.locator('[data-pair] td:nth-child(2)', { hasText: 'Bot 2 (stark)' }).first().waitFor();

    const column = (n: number) => page.locator(`[data-pair] td:nth-child(${n})`).allInnerTexts();
    const wrong = (texts: string[], form: RegExp) => texts.filter((x) => !form.test(x.trim()));
    const count = /^\d{1,3}(\.\d{3})*$/;
    const decimal = /^(<\s0,001|[-−]?\d{1,3}(\.\d{3})*(,\d+)?)$/;
    expect({
      hands: wrong(await column(3), count),
      doubles: wrong(await column(4), /^\d+ \/ \d+$/),
      z: wrong(await column(5), decimal),
      p: wrong(await column(6), decimal),
      q: wrong(await column(7), decimal),
      ticks: wrong(await page.locator('[data-testid=scatter] > text').allTextContents(), /^(\d+(,\d+)?|[^\d].*)$/),
    }).toEqual({ hands: [], doubles: [], z: [], p: [], q: [], ticks: [] });
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\(strong\)|\(heuristic\)|\(random\)|\d[eE][-+]?\d/);
    await expectWordsOnly(page, 'die Prüfung', 'main');
    await site.shot(page, 'de-audit', true);

    await page.locator('[data-pair] td:nth-child(2) button', { hasText: 'Bot 2 (stark)' }).first().click();
    await page.getByTestId('pair-hands').waitFor();
    await page.getByRole('button', { name: 'Belege' }).first().click();
    await page.locator('[data-testid=evidence] tbody tr').first().waitFor();
    const figures = await page.locator('[data-testid=evidence] tbody tr td:nth-child(n+5)').allInnerTexts();
    expect(wrong(figures, /^(—|[-−]?\d+(,\d+)?)$/)).toEqual([]);
    await expectWordsOnly(page, 'die Belege', 'main');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.evaluate<number>('document.documentElement.scrollWidth')).resolves.toBeLessThanOrEqual(376);
    await site.shot(page, 'de-audit-phone');
    await context.close();
  }, 120_000);
});
