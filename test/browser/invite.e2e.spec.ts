import { signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * The lobby and the invite: an empty lobby's text fits what the page shows; whoever opens a table
 * sits at it (a choice in the form) with "strong" offered as the bots' default; a newcomer who
 * follows the invite link gives a name on the spot and is seated at that table.
 */
describe('the lobby and the invite link', () => {
  let site: Site;
  beforeAll(async () => {
    // A database of its own: the lobby must be empty at first.
    site = await startSite({ ownDatabase: 'webinvite' });
  });
  afterAll(() => site?.close());

  it('seats the host, offers strong bots, and seats a newcomer from the invite link', async () => {
    const newcomer = await site.person({ locale: 'de-DE' });
    await newcomer.page.goto('/');
    const empty = await newcomer.page.getByTestId('no-tables').innerText();
    // No form to open a table is below before there is a name.
    expect(empty).not.toMatch(/unten|below/);
    await site.shot(newcomer.page, 'de-lobby-empty-no-name');
    // The audit is in the menu only for a browser that holds an auditor key.
    expect(await newcomer.page.locator('header nav a[href="/audit"]').count()).toBe(0);

    const host = await site.person({ locale: 'en-GB' });
    await signUp(host.page, 'Resi');
    expect(await host.page.getByTestId('no-tables').innerText()).toMatch(/below/);
    await host.page.locator('select[name=game]').selectOption('doppelkopf');
    expect(await host.page.locator('input[name=sitDown]').isChecked()).toBe(true);
    await host.page.locator('form button.primary[type=submit]').click();
    await host.page.waitForURL(/\/tables\/[^/]+$/);
    await host.page.locator('[data-seat="0"] strong', { hasText: 'Resi' }).waitFor();
    expect(await host.page.locator('select[name=strength]').inputValue()).toBe('strong');
    const invite = await host.page.getByTestId('invite').inputValue();
    await site.shot(host.page, 'en-table-waiting-host');

    await newcomer.page.goto(invite);
    const form = newcomer.page.getByTestId('join-with-name');
    await form.locator('input[name=join-name]').fill('Kathi');
    await site.shot(newcomer.page, 'de-invite-name');
    await form.locator('button[type=submit]').click();
    await newcomer.page.locator('[data-seat="1"] strong', { hasText: 'Kathi' }).waitFor();
    expect(new URL(newcomer.page.url()).pathname).toBe(new URL(invite).pathname);
    await host.page.locator('[data-seat="1"] strong', { hasText: 'Kathi' }).waitFor();
    await site.shot(newcomer.page, 'de-invite-seated');
    await newcomer.context.close();
    await host.context.close();
  });
});
