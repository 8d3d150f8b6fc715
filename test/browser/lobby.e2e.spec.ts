import { expectWordsOnly, signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * The live lobby: a table opened in one browser appears in another's lobby without a reload,
 * pushed by the lobby feed; a quiet lobby does not ask for the tables again.
 */
describe('the lobby is live', () => {
  let site: Site;
  beforeAll(async () => {
    // A database of its own: on the run's shared one, other files' tables close by themselves
    // (housekeeping) at any moment, and a lobby rightly asks again when one does.
    site = await startSite({ ownDatabase: 'weblobby' });
  });
  afterAll(() => site?.close());

  it('shows a table opened in another browser without a reload, and asks for nothing while nothing changes', async () => {
    const watcher = await site.person({ locale: 'de-AT' });
    const tableRequests: string[] = [];
    watcher.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/tables' && r.method() === 'GET') tableRequests.push(r.url());
    });
    await watcher.page.goto('/');
    await watcher.page.locator('section[aria-label=Tische]').waitFor();
    // A mark that a reload would wipe.
    await watcher.page.evaluate(() => ((globalThis as unknown as { mark: number }).mark = 1));
    await watcher.page.waitForTimeout(1500);
    const settled = tableRequests.length;
    await watcher.page.waitForTimeout(4000);
    expect(tableRequests.length).toBe(settled);

    const host = await site.person({ locale: 'en-GB' });
    await signUp(host.page, 'Hannes');
    await host.page.locator('select[name=game]').selectOption('doppelkopf');
    await host.page.locator('form button.primary[type=submit]').click();
    await host.page.waitForURL(/\/tables\/[^/]+$/);
    const tableId = new URL(host.page.url()).pathname.split('/')[2]!;

    await watcher.page.locator(`tr[data-table="${tableId}"]`).waitFor({ timeout: 5000 });
    expect(await watcher.page.evaluate(() => (globalThis as unknown as { mark?: number }).mark)).toBe(1);
    await expect(watcher.page.locator(`tr[data-table="${tableId}"]`).innerText()).resolves.toMatch(/Doppelkopf/);
    // The new row only: the words a person reads there.
    await expectWordsOnly(watcher.page, 'the new table in the live lobby', `tr[data-table="${tableId}"]`);
    await site.shot(watcher.page, 'de-lobby-live');
    await host.context.close();
    await watcher.context.close();
  });
});
