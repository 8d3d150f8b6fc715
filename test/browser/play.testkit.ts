import type { Page, Response } from 'playwright-core';
import { AUDIT_TOKEN } from '../support/app.testkit.js';
import { PAGE_WAIT_MS, type Site } from './support.testkit.js';

type View = { id: string; seq: number; status: string; phase: string; toAct: number[]; hands?: (string[] | null)[]; [k: string]: unknown };

/** The hand as the auditor sees it, straight from the API (the test's referee, not the page's). */
export async function auditorView(site: Site, handId: string): Promise<View> {
  const res = await fetch(`${site.url}/hands/${handId}`, { headers: { Authorization: `Bearer ${AUDIT_TOKEN}` } });
  return (await res.json()) as View;
}

export async function currentHandId(site: Site, tableId: string): Promise<string | null> {
  const t = (await (await fetch(`${site.url}/tables/${tableId}`)).json()) as { currentHandId: string | null };
  return t.currentHandId;
}

/** A person with a name, made through the lobby's form (in whichever language the page speaks). */
export async function signUp(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.locator('input[name=name]').fill(name);
  await page.locator('form:has(input[name=name]) button[type=submit]').click();
  await page.getByTestId('my-name').waitFor();
}

/**
 * Every hand view a page received: its WebSocket's frames, its stream's lines, its long polls
 * and its own actions' answers. The browser keeps no body of a streamed response for Playwright
 * to read, so the page's fetch hands each stream line over as it reads it (a tee of the body;
 * the page's own copy is untouched). Call before the page loads the app.
 */
export async function recordViews(page: Page): Promise<View[] & { streamed: number; socketed: number; posted: number; sockets: string[] }> {
  const views = Object.assign([] as View[], { streamed: 0, socketed: 0, posted: 0, sockets: [] as string[] });
  page.on('request', (r) => void (r.method() === 'POST' && /\/hands\/[^/]+\/actions$/.test(r.url()) && views.posted++));
  page.on('websocket', (ws) => {
    views.sockets.push(new URL(ws.url()).pathname);
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { view?: View; answer?: View };
      const view = frame.view ?? frame.answer;
      if (!view) return;
      views.push(view);
      views.socketed++;
    });
  });
  await page.exposeFunction('recordStreamLine', (line: string) => {
    views.push(JSON.parse(line) as View);
    views.streamed++;
  });
  await page.addInitScript(() => {
    const send = (globalThis as unknown as { recordStreamLine: (line: string) => void }).recordStreamLine;
    const original = globalThis.fetch.bind(globalThis);
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      const res = await original(...args);
      if (!res.ok || !res.body || !/\/hands\/[^/]+\/stream(\?|$)/.test(new URL(res.url).pathname + new URL(res.url).search)) return res;
      const [mine, theirs] = res.body.tee();
      void (async () => {
        const reader = theirs.getReader();
        const text = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += text.decode(value, { stream: true });
          for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
            if (nl > 0) send(buffer.slice(0, nl));
            buffer = buffer.slice(nl + 1);
          }
        }
      })().catch(() => undefined);
      return new Response(mine, { status: res.status, statusText: res.statusText, headers: res.headers });
    };
  });
  page.on('response', async (res: Response) => {
    if (!/\/hands\/[^/]+(\/actions)?$/.test(new URL(res.url()).pathname) || res.status() !== 200) return;
    try {
      views.push((await res.json()) as View);
    } catch {
      /* the page navigated away */
    }
  });
  return views;
}

/** Every string in a JSON value. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

/** Cards played so far in a view (public to everyone). */
export function playedIn(view: Record<string, unknown>): Set<string> {
  const tricks = [
    ...((view.tricks as { plays?: { card: string }[] }[]) ?? []),
    (view.currentTrick ?? view.trick) as { plays?: { card: string }[] } | null,
  ];
  return new Set(tricks.flatMap((t) => (t?.plays ?? []).map((p) => p.card)));
}

/** The cards on a page's screen that are not in the trick area (its hand), and the played ones. */
export async function cardsOnScreen(page: Page): Promise<string[]> {
  return page.$$eval('[data-card], [data-played]', (els) => els.map((e) => e.getAttribute('data-card') ?? e.getAttribute('data-played')!));
}

/**
 * One move on the page whose turn it is at `seq`, chosen only among the controls it shows: `prefer`
 * names actions (by JSON fields) to take when offered; else a multi-card choice (its first
 * listed option), else the first raised card (clicked, or focused and played with Enter), else the first button.
 */
export async function move(page: Page, seq: number, prefer: Record<string, unknown>[], opts: { keyboard?: boolean } = {}): Promise<string> {
  // The page must show the hand at `seq` or later (not an older view where it was this seat's
  // turn too; in Doppelkopf others may announce meanwhile, so later views count).
  const status = page.getByTestId('status');
  for (const deadline = Date.now() + PAGE_WAIT_MS; ; await page.waitForTimeout(25)) {
    const shown = Number(await status.getAttribute('data-seq').catch(() => -1));
    if (shown >= seq && (await status.getAttribute('data-my-turn').catch(() => null)) === 'true') break;
    if (Date.now() > deadline) throw new Error(`the page did not show its turn at seq ${seq} (it shows seq ${shown})`);
  }
  const buttons = await page.$$eval('[data-action]', (els) => els.map((e) => e.getAttribute('data-action')!));
  for (const want of prefer) {
    const hit = buttons.find((b) => {
      const a = JSON.parse(b) as Record<string, unknown>;
      return Object.entries(want).every(([k, v]) => a[k] === v);
    });
    if (hit) {
      await page.locator(`[data-action='${hit}']`).click();
      return hit;
    }
  }
  const selection = page.locator('[data-options]').first();
  if (await selection.count()) {
    const options = JSON.parse((await selection.getAttribute('data-options'))!) as string[][];
    for (const card of options[0]!) {
      // Doppelkopf holds twins: click a copy not picked yet.
      const copies = page.locator(`.hand [data-card='${card}']`);
      const n = await copies.count();
      for (let i = 0; i < n; i++) {
        const copy = copies.nth(i);
        if ((await copy.getAttribute('aria-pressed')) === 'true') continue;
        await copy.click();
        break;
      }
    }
    const type = await selection.getAttribute('data-type');
    await selection.click();
    return `${type} ${options[0]!.join(' ')}`;
  }
  const card = page.locator('.hand button.card.legal').first();
  if (await card.count()) {
    const code = (await card.getAttribute('data-card'))!;
    if (opts.keyboard) {
      await card.focus();
      await page.keyboard.press('Enter');
    } else await card.click();
    return `play ${code}`;
  }
  if (buttons.length) {
    await page.locator(`[data-action='${buttons[0]}']`).click();
    return buttons[0]!;
  }
  throw new Error(
    `my turn, but no control to use: ${await page.getByTestId('status').textContent()} (${await page.getByTestId('phase').textContent()})`,
  );
}

/**
 * What a person playing against bots chooses when offered: Dobbm bid and Schwacher, a Droggn Solo
 * when the bidding still allows it (a bot may have bid higher first), a Doppelkopf queen solo and Re.
 */
export const PREFER = {
  dobbm: [
    { type: 'bid', bid: 'dobbm' },
    { type: 'double', call: 'schwacher' },
    { type: 'double', call: 'gut' },
  ],
  droggn: [
    { type: 'bid', bid: 'solo' },
    { type: 'bid', bid: 'pass' },
    { type: 'double', call: 'gut' },
  ],
  doppelkopf: [
    { type: 'reservation', call: 'vorbehalt' },
    { type: 'contract', contract: 'solo-q' },
    { type: 'announce', level: 're' },
  ],
};

/** Waits until the hand's log reaches `seq` (the move a page sent has landed). */
export async function waitForSeq(site: Site, handId: string, seq: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await auditorView(site, handId)).seq >= seq) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`hand did not reach seq ${seq}`);
}

/** Codes that must never reach a person: the API's words, rule option names, problem codes. */
const CODES = [
  /\b(dobbm|droggn|doppelkopf|hochzeit|armut|schwacher|retour|gesund|vorbehalt|throwin|ansager|supermord|superpiglets|heuristic)\b/,
  /\bsolo-[a-z]\b/,
  /\bno(90|60|30)\b/,
  /\b[a-z]+[A-Z][A-Za-z]*\b/, // camelCase: firstSpeaker, thrownIn, declarerLeft
  /\b[a-z]+\.[a-z]+\b/, // dotted option names: doubling.maxDoublings
  /\b[A-Z]{2,}_[A-Z_]+\b/, // problem codes: STALE_SEQ
  /[{}§]/,
  /\[object \w+\]|\bundefined\b|\bNaN\b|\bnull\b/, // values the page failed to put into words
];
/** Every visible text of the page (or of the part `scope` selects) is words: none of the codes above. */
export async function expectWordsOnly(page: Page, where: string, scope = 'body'): Promise<void> {
  const text = await page.locator(scope).innerText();
  for (const code of CODES)
    expect({ where, found: code.exec(text)?.[0] ?? null, code: String(code) }).toEqual({ where, found: null, code: String(code) });
}

/**
 * The host at his new table (seated there when he opened it, else in the first seat) fills the
 * other seats with bots of `strength` ("heuristic" keeps a test's hand quick; the form offers
 * "strong" first) and waits for the deal.
 */
export async function fillWithBots(page: Page, strength: 'strong' | 'heuristic' | 'random' = 'heuristic'): Promise<void> {
  await page.getByTestId('fill-bots').waitFor();
  if (!(await page.locator('[data-seat="0"] strong').count())) await page.locator('[data-seat="0"] button').first().click();
  await page.locator('[data-seat="0"] strong').waitFor();
  await page.locator('select[name=strength]').selectOption(strength);
  await page.getByTestId('fill-bots').click();
  await page.getByTestId('status').waitFor();
}
