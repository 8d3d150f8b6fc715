import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { jest } from '@jest/globals';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../../src/config/paths.js';
import { startApp, startAppOnOwnDatabase, type TestApp } from '../support/app.testkit.js';

const ROOT = projectRoot();
// The web app bundles the rules engine for its replay.
const WEB_SOURCES = [path.join(ROOT, 'web'), path.join(ROOT, 'src', 'engine')];
const WEB_INDEX = path.join(ROOT, 'dist', 'web', 'index.html');
const SCREENSHOTS = path.join(ROOT, 'reports', 'screenshots');

/**
 * How long a page may take to show what a test waits for. The browser lane shares the machine's
 * two cores with the suite's other two lanes, and there a page's first load has taken more than
 * fifteen seconds; no browser test measures a duration with it.
 */
export const PAGE_WAIT_MS = 30_000;
// A test of several such waits needs more than jest's default minute; one that names its own time keeps it.
jest.setTimeout(120_000);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the web app when its sources changed since the last build (CI runs the tests before `npm run build`). */
function ensureWebBuilt(): void {
  let built = 0;
  try {
    built = statSync(WEB_INDEX).mtimeMs;
  } catch {
    /* not built yet */
  }
  if (WEB_SOURCES.every((dir) => built >= newestMtime(dir))) return;
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

export interface Site {
  app: TestApp;
  url: string;
  browser: Browser;
  /**
   * A fresh browser profile (own localStorage), like another person on another device; its browser
   * speaks `locale` (English by default). Finished tricks are cleared at once (the device setting),
   * so that a hand plays as fast as the bots move, unless `heldTricks` asks for the table's pace.
   */
  person(opts?: { locale?: string; heldTricks?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  /** A screenshot under reports/screenshots (git-ignored); the whole page unless `viewportOnly`. */
  shot(page: Page, name: string, viewportOnly?: boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on a free port and Debian's Chromium driven by playwright-core, with the flags
 * this machine needs (no background networking: the network is closed).
 */
export async function startSite(opts: { ownDatabase?: string; env?: Record<string, string> } = {}): Promise<Site> {
  ensureWebBuilt();
  const app = opts.ownDatabase ? await startAppOnOwnDatabase(opts.ownDatabase, opts.env) : await startApp(opts.env);
  const server = await app.app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Playwright gives the browser a fresh, empty user-data dir of its own (removed on close).
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    .catch(async (err: unknown) => {
      await app.close();
      throw err;
    });
  return {
    app,
    url,
    browser,
    async person({ locale = 'en-US', heldTricks = false } = {}) {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1100, height: 800 }, locale });
      context.setDefaultTimeout(PAGE_WAIT_MS);
      if (!heldTricks)
        await context.addInitScript(
          "if (localStorage.getItem('kartentisch.quickTricks') === null) localStorage.setItem('kartentisch.quickTricks', 'true')",
        );
      return { context, page: await context.newPage() };
    },
    async shot(page, name, viewportOnly = false) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !viewportOnly });
    },
    async close() {
      await browser.close();
      await app.close();
    },
  };
}
