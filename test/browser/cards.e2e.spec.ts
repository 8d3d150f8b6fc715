import type { Page } from 'playwright-core';
import { lowContrast } from './contrast.testkit.js';
import { expectWordsOnly } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * Cards told apart at a glance (the packs' page, /cards, draws every face as the tables do): each
 * court card shows its figure — the King crowned, the Queen, the Jack, the Tarock's Reiter, the
 * German Ober and Unter — drawn, not a letter; each Tarock trump its Roman numeral on a dark trump
 * face of its own; four colours dress the French courts too.
 */
describe('the cards', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  /** The figure each court card shows (docs/rules/*.md#cards): the rank's letter in each pack's codes. */
  const COURTS: Record<string, Record<string, string>> = {
    dobbm: { K: 'king', O: 'ober', U: 'unter' },
    doppelkopf: { K: 'king', Q: 'queen', J: 'jack' },
    droggn: { K: 'king', Q: 'queen', R: 'rider', J: 'jack' },
  };
  const ROMAN = 'I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI'.split(' ');

  /** Each face of `pack`: its code, its figure (if any) and how many shapes and letters the figure is drawn with. */
  const faces = (page: Page, pack: string) =>
    page.locator(`[data-pack=${pack}] [data-card]`).evaluateAll((els) =>
      els.map((e) => {
        const figure = e.querySelector('[data-figure]');
        return {
          code: e.getAttribute('data-card')!,
          figure: figure?.getAttribute('data-figure') ?? null,
          shapes: figure ? figure.querySelectorAll('path, circle, rect, ellipse').length : 0,
          letters: figure ? figure.querySelectorAll('text').length : 0,
        };
      }),
    );

  it('every court card shows its figure, every trump its numeral on a trump face', async () => {
    const { context, page } = await site.person({ locale: 'de-DE' });
    await page.goto('/cards');
    await page.locator('[data-pack=droggn] [data-card=T21]').waitFor();
    for (const [pack, courts] of Object.entries(COURTS)) {
      const all = await faces(page, pack);
      const courtFaces = all.filter((f) => !f.code.startsWith('T') && courts[f.code.slice(1)]);
      expect(courtFaces.length).toBeGreaterThanOrEqual(12);
      for (const f of courtFaces)
        expect({ pack, ...f }).toEqual({ pack, code: f.code, figure: courts[f.code.slice(1)], shapes: expect.any(Number), letters: 0 });
      for (const f of courtFaces) expect(f.shapes).toBeGreaterThanOrEqual(3);
      // pips, aces and trumps carry no figure
      expect(all.filter((f) => f.figure && !courtFaces.includes(f))).toEqual([]);
    }
    const trumps = await page.locator('[data-pack=droggn] [data-trump]').evaluateAll((els) =>
      els.map((e) => ({
        n: Number(e.getAttribute('data-trump')),
        texts: [...e.querySelectorAll('text')].map((t) => t.textContent),
        numeral: e.querySelector('text')!.getAttribute('fill')!,
        face: e.querySelector('rect')!.getAttribute('fill')!,
      })),
    );
    expect(trumps.map((t) => t.n).sort((a, b) => a - b)).toEqual(ROMAN.map((_, i) => i + 1));
    for (const t of trumps) {
      expect(t.texts[0]).toBe(ROMAN[t.n - 1]);
      expect(contrast(t.numeral, t.face)).toBeGreaterThanOrEqual(4.5);
      // a dark face: unlike the white of every suit card
      expect(luminance(t.face)).toBeLessThan(0.1);
    }
    expect({ low: await lowContrast(page) }).toEqual({ low: [] });
    await expectWordsOnly(page, 'die Blätter');
    await site.shot(page, 'de-cards');
    await context.close();
  });

  it('the French courts carry the reader’s own indices in their corners', async () => {
    const CODES = ['CJ', 'CQ', 'CK', 'CA'];
    for (const [locale, want] of [
      ['de-DE', { doppelkopf: ['B', 'D', 'K', 'A'], rider: 'R' }],
      ['en-GB', { doppelkopf: ['J', 'Q', 'K', 'A'], rider: 'Kn' }],
    ] as const) {
      const { context, page } = await site.person({ locale });
      await page.goto('/cards');
      await page.locator('[data-pack=droggn] [data-card=SR]').waitFor();
      const corner = (pack: string, code: string) =>
        page.locator(`[data-pack=${pack}] [data-card=${code}] svg > g > text`).first().textContent();
      const got = { doppelkopf: await Promise.all(CODES.map((c) => corner('doppelkopf', c))), rider: await corner('droggn', 'SR') };
      expect({ locale, ...got }).toEqual({ locale, ...want });
      await context.close();
    }
  });

  it('four colours dress the French courts; the page fits a phone', async () => {
    const { context, page } = await site.person({ locale: 'en-US' });
    await page.setViewportSize({ width: 375, height: 812 });
    const robes = () =>
      page
        .locator('[data-pack=doppelkopf] [data-figure=king]')
        .evaluateAll((els) => els.map((e) => e.querySelector('path')!.getAttribute('fill')!));
    await page.goto('/cards');
    await page.locator('[data-pack=doppelkopf] [data-figure=king]').first().waitFor();
    const twoColours = await robes();
    expect(new Set(twoColours).size).toBe(2);
    await page.evaluate("localStorage.setItem('kartentisch.fourColours', 'true')");
    await page.reload();
    await page.locator('[data-pack=doppelkopf] [data-figure=king]').first().waitFor();
    expect(new Set(await robes()).size).toBe(4);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(376);
    await site.shot(page, 'en-cards-phone');
    await context.close();
  });
});

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
