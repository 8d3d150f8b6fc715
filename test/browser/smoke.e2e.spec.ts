import { startSite, type Site } from './support.testkit.js';

describe('the web app served by the service', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('serves the page at / under a CSP without inline script, and the API beside it', async () => {
    const { page, context } = await site.person();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Resi');
    await page.getByRole('button', { name: 'Start playing' }).click();
    await page.getByRole('heading', { name: 'Open a table' }).waitFor();
    // The rule options come from GET /games after the form: open the details that holds them once they are there.
    await page.locator('details', { has: page.locator('#opt-stake') }).evaluate((d) => d.setAttribute('open', ''));
    await site.shot(page, 'lobby');
    expect(errors).toEqual([]);
    // A profile the API refuses is said in words, with what to do (the browser logs the 400 itself).
    await page.locator('#opt-stake').fill('0');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/(rule options has a value that is not allowed|not valid).*/);
    await page.locator('#opt-stake').fill('12');
    errors.splice(0, errors.length, ...errors.filter((e) => !e.includes('status of 400')));
    await page.setViewportSize({ width: 390, height: 800 });
    await site.shot(page, 'lobby-phone');
    await page.goto('/cards');
    await site.shot(page, 'cards');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('needs no inline script or style: every page works under the strictest same-origin policy', async () => {
    const { page, context } = await site.person();
    // Whatever policy the service sends, the browser gets the strict one here.
    const strict = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'";
    // A page's policy is its document's: only documents are rewritten (a stream, such as the
    // lobby feed, would never finish being fetched here).
    await context.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': strict } });
    });
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(e.violatedDirective + ' ' + e.blockedURI))",
    );
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Name' }).fill('Strict');
    await page.getByRole('button', { name: 'Start playing' }).click();
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/tables\/[^/]+$/);
    await page.getByRole('heading', { name: 'Seats' }).waitFor();
    for (const path of ['/cards', '/audit', '/rules/doppelkopf']) {
      await page.goto(path);
      await page.locator('main h1').waitFor();
    }
    expect(violations).toEqual([]);
    // The watch works: markup with an inline style is refused and reported.
    await page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p style=\"color: red\">inline</p>')");
    for (let i = 0; i < 50 && violations.length === 0; i++) await page.waitForTimeout(20);
    expect(violations.join()).toContain('style-src');
    await context.close();
  });

  it('answers a browser with the page and an API client with JSON on the same table path, and never shadows /health or /docs', async () => {
    const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const page = await fetch(`${site.url}/tables/some-id`, { headers: html });
    expect(page.headers.get('content-type')).toContain('text/html');
    const api = await fetch(`${site.url}/tables/some-id`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/problem+json');
    expect((await fetch(`${site.url}/health`, { headers: html })).headers.get('content-type')).toContain('application/json');
    expect(await (await fetch(`${site.url}/docs`, { headers: html })).text()).toContain('swagger');
    expect((await fetch(`${site.url}/assets/nothing.js`)).status).toBe(404);
  });

  it('answers a browser at an unknown address with the page (404), which says so in words; an API client with JSON', async () => {
    const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const page = await fetch(`${site.url}/no/such/page`, { headers: html });
    expect([page.status, page.headers.get('content-type')]).toEqual([404, expect.stringContaining('text/html')]);
    expect(await page.text()).toContain('<div id="app">');
    const api = await fetch(`${site.url}/no/such/page`);
    expect([api.status, api.headers.get('content-type')]).toEqual([404, expect.stringContaining('application/problem+json')]);
    const { page: tab, context } = await site.person();
    await tab.goto(`${site.url}/no/such/page`);
    const text = await tab.locator('main').innerText();
    await site.shot(tab, 'en-not-found', true);
    expect(text).not.toMatch(/[{}]|ROUTE_NOT_FOUND/);
    expect(text.length).toBeGreaterThan(10);
    await context.close();
  });
});
