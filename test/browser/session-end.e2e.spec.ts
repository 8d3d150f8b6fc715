import type { Page } from 'playwright-core';
import { AUDIT_TOKEN } from '../support/app.testkit.js';
import { lowContrast } from './contrast.testkit.js';
import { signUp } from './play.testkit.js';
import { PAGE_WAIT_MS, startSite, type Site } from './support.testkit.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

type View = { id: string; seq: number; status: string; toAct: number[]; legalActions?: Record<string, unknown>[]; nextHandId?: string };

/**
 * A session that ends well, on the page: after a hand the result stays in front, with "Next",
 * until each person has pressed it (the pause is far longer than the test); the session's end
 * says the hands left; the ended table shows every player's total by name; "Rematch" and
 * "Accept the rematch" seat both people at one new table. Resi reads German at 1280 × 800, Sepp
 * English on a phone; the hands themselves are played through the API with their own tokens.
 */
describe('a session that ends well, on the page', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ env: { RESULT_PAUSE_MS: '120000' } });
  });
  afterAll(() => site?.close());

  const api = async (token: string | null, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${site.url}${path}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const tokenOf = async (page: Page) =>
    (JSON.parse(String(await page.evaluate("localStorage.getItem('kartentisch.player')"))) as { token: string }).token;

  /** The two people play the hand to its end through the API (the first legal action, passing when they may); bots play theirs. */
  async function playOut(handId: string, tokens: string[]): Promise<View> {
    for (let n = 0; n < 600; n++) {
      const auditor = (await api(AUDIT_TOKEN, 'GET', `/hands/${handId}`)) as unknown as View;
      if (auditor.status !== 'active') return auditor;
      const seat = auditor.toAct.find((s) => s < tokens.length);
      if (seat === undefined) {
        await new Promise((r) => setTimeout(r, 30));
        continue;
      }
      const view = (await api(tokens[seat]!, 'GET', `/hands/${handId}`)) as unknown as View;
      const legal = view.legalActions ?? [];
      if (!view.toAct.includes(seat) || legal.length === 0) continue;
      const pick = legal.find((a) => a.type === 'bid' && a.bid === 'pass') ?? legal[0]!;
      const { seat: _seat, ...action } = pick;
      await fetch(`${site.url}/hands/${handId}/actions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens[seat]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ expectedSeq: view.seq, action }),
      });
    }
    throw new Error(`hand ${handId} did not end`);
  }

  /** The page at both sizes in its language: no sideways scrolling on the phone, every text readable, a screenshot each. */
  async function shots(page: Page, name: string, own: { width: number; height: number }, focus: string) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByTestId(focus).evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(100);
      if (size === 'phone')
        expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(PHONE.width + 1);
      expect(await lowContrast(page)).toEqual([]);
      await site.shot(page, `${name}-${size}`, true);
    }
    await page.setViewportSize(own);
  }

  /** Whether the element is inside the first screen, unscrolled. */
  const inFirstScreen = (page: Page, testId: string) =>
    page.getByTestId(testId).evaluate((e) => {
      const r = e.getBoundingClientRect();
      return r.top > -2 && r.top < e.ownerDocument.defaultView!.innerHeight && r.bottom > 0;
    });

  it('holds the result until "Next", says the hands left, shows the standings and seats both at the rematch', async () => {
    const resi = await site.browser.newContext({ baseURL: site.url, viewport: DESKTOP, locale: 'de-DE' });
    const sepp = await site.browser.newContext({ baseURL: site.url, viewport: PHONE, locale: 'en-GB', hasTouch: true, isMobile: true });
    for (const c of [resi, sepp]) c.setDefaultTimeout(PAGE_WAIT_MS);
    const de = await resi.newPage();
    const en = await sepp.newPage();
    de.on('dialog', (d) => void d.accept());
    await signUp(de, 'Resi');
    await signUp(en, 'Sepp');
    const tokens = [await tokenOf(de), await tokenOf(en)];
    // Dobbm at four: Resi, Sepp and two bots; a Mußrunde closes the session.
    const table = await api(tokens[0]!, 'POST', '/tables', { game: 'dobbm', clock: 'off' });
    const tableId = table.id as string;
    await api(tokens[0]!, 'POST', `/tables/${tableId}/seats`, { seat: 0 });
    await api(tokens[1]!, 'POST', `/tables/${tableId}/seats`, { seat: 1 });
    await api(tokens[0]!, 'POST', `/tables/${tableId}/bots`, { seat: 2, strength: 'heuristic' });
    const dealt = await api(tokens[0]!, 'POST', `/tables/${tableId}/bots`, { seat: 3, strength: 'heuristic' });
    await de.goto(`/tables/${tableId}`);
    await en.goto(`/tables/${tableId}`);
    await de.getByTestId('status').waitFor();
    await en.getByTestId('status').waitFor();

    const first = await playOut(dealt.currentHandId as string, tokens);
    const next = (await api(AUDIT_TOKEN, 'GET', `/hands/${first.id}`)).nextHandId as string;
    // The result stays in front, with "Next", past the moment the page used to move on to the next deal.
    for (const page of [de, en]) await page.getByTestId('next-hand').waitFor();
    await de.waitForTimeout(3000);
    for (const page of [de, en]) {
      await page.getByTestId('ready').waitFor();
      await page.getByTestId('result').waitFor();
    }
    expect(await inFirstScreen(de, 'ready')).toBe(true);
    expect(await inFirstScreen(de, 'result')).toBe(true);
    expect(await inFirstScreen(en, 'ready')).toBe(true);
    // Who the hand still waits for, by name (the bots never hold it up).
    expect(await de.getByTestId('waiting-for').textContent()).toBe('Wartet noch auf Resi und Sepp.');
    expect(await en.getByTestId('waiting-for').textContent()).toBe('Waiting for Resi and Sepp.');
    await shots(de, 'session-end-next-de', DESKTOP, 'next-hand');
    await shots(en, 'session-end-next-en', PHONE, 'next-hand');
    expect((await api(AUDIT_TOKEN, 'GET', `/hands/${next}`)).seq).toBe(0);

    // Resi presses "Weiter": her page shows the new deal; Sepp's still holds the result, and the hand still waits for him.
    await de.getByTestId('ready').click();
    await de.getByTestId('next-hand').waitFor({ state: 'detached' });
    expect(await en.getByTestId('next-hand').count()).toBe(1);
    await en.getByText('Waiting for Sepp.').waitFor();
    const waiting = await api(AUDIT_TOKEN, 'GET', `/hands/${next}`);
    expect([waiting.seq, waiting.ready, waiting.heldUntil === null]).toEqual([0, [0], false]);
    await en.getByTestId('ready').click();
    await en.getByTestId('next-hand').waitFor({ state: 'detached' });
    expect((await api(AUDIT_TOKEN, 'GET', `/hands/${next}`)).heldUntil).toBeNull();

    // "Runde beenden": the page says how many hands are left, as the table counts them.
    await de.getByRole('button', { name: 'Runde beenden' }).click();
    await de.getByTestId('hands-left').waitFor();
    const left = (await api(null, 'GET', `/tables/${tableId}`)).handsLeft as number;
    expect(await de.getByTestId('hands-left').textContent()).toContain(`noch ${left} Spiele`);
    await en.reload();
    await en.getByTestId('hands-left').waitFor();
    expect(await en.getByTestId('hands-left').textContent()).toContain(`${left} hands left`);
    await shots(de, 'session-end-left-de', DESKTOP, 'hands-left');
    await shots(en, 'session-end-left-en', PHONE, 'hands-left');

    // Play the closing hands; both say "next" after each result.
    let hand: string | undefined = (await api(null, 'GET', `/tables/${tableId}`)).currentHandId as string;
    for (let n = 0; n < left; n++) {
      const ended = await playOut(hand!, tokens);
      hand = (await api(AUDIT_TOKEN, 'GET', `/hands/${ended.id}`)).nextHandId as string | undefined;
      if (!hand) break;
      for (const token of tokens) await api(token, 'POST', `/tables/${tableId}/ready`);
    }
    const ended = await api(null, 'GET', `/tables/${tableId}`);
    expect(ended.status).toBe('ended');

    // The standings, highest first, every player by name.
    const totals = (ended.standings as { total: number }[]).map((s) => s.total);
    for (const [page, bot] of [
      [de, 'Bot'],
      [en, 'Bot'],
    ] as const) {
      await page.getByTestId('standings').waitFor();
      const rows = await page.getByTestId('standing').allTextContents();
      expect(rows).toHaveLength(4);
      expect(rows.filter((r) => r.includes('Resi'))).toHaveLength(1);
      expect(rows.filter((r) => r.includes('Sepp'))).toHaveLength(1);
      expect(rows.filter((r) => r.includes(bot))).toHaveLength(2);
      const figures = await page.$$eval('[data-testid=standing] [data-figure]', (els) =>
        els.map((e) => Number(e.getAttribute('data-figure'))),
      );
      expect(figures).toEqual(totals);
    }
    // The page brings them into sight by itself.
    for (const page of [de, en]) {
      let seen = false;
      for (const until = Date.now() + 8000; !seen && Date.now() < until; await page.waitForTimeout(200))
        seen = await inFirstScreen(page, 'standings');
      const where = await page
        .getByTestId('standings')
        .evaluate((e) => [e.getBoundingClientRect().top, e.ownerDocument.defaultView!.scrollY, e.ownerDocument.defaultView!.innerHeight]);
      expect({ seen, where }).toEqual({ seen: true, where });
    }
    await shots(de, 'session-end-standings-de', DESKTOP, 'standings');
    await shots(en, 'session-end-standings-en', PHONE, 'standings');

    // Resi asks for the rematch; Sepp's page offers it to him, and both sit at the new table.
    await de.getByTestId('rematch').click();
    await de.waitForURL((url) => url.pathname !== `/tables/${tableId}`);
    await en.getByRole('button', { name: 'Accept the rematch' }).waitFor();
    await shots(en, 'session-end-rematch-en', PHONE, 'standings');
    await en.getByRole('button', { name: 'Accept the rematch' }).click();
    await en.waitForURL((url) => url.pathname !== `/tables/${tableId}`);
    const rematchId = (await api(null, 'GET', `/tables/${tableId}`)).rematchTableId as string;
    expect(new URL(de.url()).pathname).toBe(`/tables/${rematchId}`);
    expect(new URL(en.url()).pathname).toBe(`/tables/${rematchId}`);
    const rematch = await api(null, 'GET', `/tables/${rematchId}`);
    expect(rematch.status).toBe('playing');
    expect((rematch.seats as { name: string; bot: string | null }[]).map((s) => s.bot ?? s.name)).toEqual([
      'Resi',
      'Sepp',
      'heuristic',
      'heuristic',
    ]);
    await de.getByTestId('status').waitFor();
    await resi.close();
    await sepp.close();
  });
});
