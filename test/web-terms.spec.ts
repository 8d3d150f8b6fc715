import { de } from '../web/src/i18n/de.js';
import { en } from '../web/src/i18n/en.js';
import { termPattern, TERMS } from '../web/src/phrasebook/term-list.js';

/**
 * Every game term a player reads on a button or in a result — each game's contracts (Super, the
 * Doppelkopf solos such as Fleischloser), the reservations (Gesund, Vorbehalt), Schweinchen —
 * carries a hover explanation: its words hold a term of the phrasebook, and every term is
 * explained in both languages.
 */
describe('the game terms have explanations', () => {
  for (const [lang, c] of [
    ['de', de],
    ['en', en],
  ] as const) {
    const labels: [string, string][] = [
      ...Object.entries(c.contracts).map(([k, v]) => [`contracts.${k}`, v] as [string, string]),
      ...(['gesund', 'vorbehalt', 'piglets', 'superpiglets'] as const).map((k) => [`buttons.${k}`, c.buttons[k]] as [string, string]),
    ];
    it.each(labels)(`${lang}: %s holds an explained term`, (key, text) => {
      expect({ key, term: termPattern().exec(text)?.[1] ?? null }).toEqual({ key, term: expect.any(String) });
    });
    it(`${lang}: every term is explained`, () => {
      const terms = c.terms as Record<string, string>;
      expect(TERMS.filter((term) => !terms[term]?.trim())).toEqual([]);
    });
  }
});
