import { signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/** The form offers the house cap on doublings where the rules leave them unlimited, and the table gets it. */
describe('the create-table form offers the recommended doubling cap', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('shows the house setting beside the unlimited default and opens the table with it', async () => {
    const { page } = await site.person();
    await signUp(page, 'Hausherr');
    await page.getByRole('combobox', { name: 'game of the new table' }).selectOption('dobbm');
    await page.getByText(/^Rule options/).click();
    await page.getByText('House setting: 4').waitFor();
    await site.shot(page, 'en-create-house-rule');
    await page.getByRole('button', { name: 'Use the house setting' }).click();
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/tables\/[^/]+$/);
    const tableId = new URL(page.url()).pathname.split('/')[2]!;
    const table = (await (await fetch(`${site.url}/tables/${tableId}`)).json()) as { rules: { doubling: { maxDoublings: number | null } } };
    expect(table.rules.doubling.maxDoublings).toBe(4);
  });
});
