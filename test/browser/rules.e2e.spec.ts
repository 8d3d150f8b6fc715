import { games } from '../../src/engine/index.js';
import { expectWordsOnly, signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

const GAMES = ['dobbm', 'droggn', 'doppelkopf'] as const;

/**
 * The rules help: from the lobby's menu, the create-table form and the table, each game's rules
 * open in the page's language, every option of the game is explained (the engines' own option
 * list is the referee), and each page fits a phone.
 */
describe('the rules help in German and English', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  for (const lang of ['de', 'en'] as const) {
    it(`tells each game's rules and every option in ${lang === 'de' ? 'German' : 'English'}`, async () => {
      const { page, context } = await site.person({ locale: lang === 'de' ? 'de-AT' : 'en-GB' });
      await page.goto('/');
      await page.locator('header nav a[href="/rules"]').click();
      await page.waitForURL(/\/rules$/);
      for (const game of GAMES) {
        await page.locator(`main nav a[href="/rules/${game}"]`).click();
        await page.waitForURL(new RegExp(`/rules/${game}$`));
        const options = Object.keys(games[game].optionSchema);
        // Each option of the engine has its entry, with words beside its name.
        await page
          .locator('dl.option-help dt')
          .nth(options.length - 1)
          .waitFor();
        expect(await page.locator('dl.option-help dt').count()).toBe(options.length);
        for (const o of options) {
          const words = await page.locator(`dt[id="option-${o}"] + dd`).innerText();
          expect({ o, long: words.length > 40 }).toEqual({ o, long: true });
        }
        expect(await page.locator('[data-testid=rules] section h2').count()).toBeGreaterThanOrEqual(9);
        await expectWordsOnly(page, `${lang} rules of ${game}`);
        await site.shot(page, `${lang}-rules-${game}`);
      }
      await page.setViewportSize({ width: 375, height: 740 });
      for (const game of GAMES) {
        await page.goto(`/rules/${game}`);
        await page.locator('dl.option-help dt').first().waitFor();
        expect({ game, width: Number(await page.evaluate('document.documentElement.scrollWidth')) }).toEqual({ game, width: 375 });
      }
      await site.shot(page, `${lang}-rules-phone`, true);
      await context.close();
    });
  }

  it('explains an option in the create-table form and links the game’s rules from the form and the table', async () => {
    const { page, context } = await site.person({ locale: 'de-DE' });
    await signUp(page, 'Zenzi');
    await page.locator('select[name=game]').selectOption('droggn');
    await page.locator('form details summary').click();
    expect(await page.getByTestId('option-help').count()).toBe(0);
    await page.locator('#opt-winThreshold').waitFor();
    await page.locator('.option:has(#opt-winThreshold) button.explain').click();
    await expect(page.getByTestId('option-help').innerText()).resolves.toMatch(/37/);
    // The form only: the lobby beside it lists other tests' tables, hosts named as they chose.
    await expectWordsOnly(page, 'the form with an explained option', 'form:has(select[name=game])');
    await site.shot(page, 'de-create-option-help');
    // The explanation follows a switch of the language.
    await page.locator('header .languages button[lang=en]').click();
    await expect(page.getByTestId('option-help').innerText()).resolves.toMatch(/^Card points the declarer needs/);
    await site.shot(page, 'en-create-option-help');
    await page.locator('header .languages button[lang=de]').click();
    expect(await page.locator('form [data-testid=rules-link]').getAttribute('href')).toBe('/rules/droggn');
    await page.locator('form button.primary[type=submit]').click();
    await page.waitForURL(/\/tables\/[^/]+$/);
    expect(await page.locator('main [data-testid=rules-link]').getAttribute('href')).toBe('/rules/droggn');
    // Straight to the address: the service serves the page for it.
    await page.goto('/rules/droggn#scoring');
    await page.locator('#scoring h2').waitFor();
    await context.close();
  });
});
