import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/config/paths.js';
import { Codes, games } from '../src/engine/index.js';
import { DobbmCodes } from '../src/engine/dobbm/codes.js';
import { DokoCodes } from '../src/engine/doppelkopf/codes.js';
import { DroggnCodes } from '../src/engine/droggn/codes.js';
import { de } from '../web/src/i18n/de.js';
import { en } from '../web/src/i18n/en.js';
import { chooseLanguage } from '../web/src/i18n/language.js';
import { rulesDe } from '../web/src/rules/de.js';
import { rulesEn } from '../web/src/rules/en.js';

const ROOT = projectRoot();
const WEB = path.join(ROOT, 'web', 'src');

/** Every message of a catalogue by its dotted key. */
function flat(catalogue: object, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(catalogue)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else flat(v as object, `${prefix}${k}.`, out);
  }
  return out;
}
const catalogues = { en: flat(en), de: flat(de) };
/** A key as `t()` names it: plural forms by their base. */
const base = (key: string) => key.replace(/_(one|other)$/, '');
const has = (lang: 'en' | 'de', key: string) => [...catalogues[lang].keys()].some((k) => base(k) === key);
const hasPrefix = (lang: 'en' | 'de', prefix: string) => [...catalogues[lang].keys()].some((k) => k.startsWith(prefix));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('the web app’s message catalogues', () => {
  it('have the same keys in German and English', () => {
    expect([...catalogues.de.keys()].sort()).toEqual([...catalogues.en.keys()].sort());
  });

  it('fill in the same values in both languages, and show no brace, section sign or empty message', () => {
    for (const [key, english] of catalogues.en) {
      const german = catalogues.de.get(key)!;
      const fields = (m: string) => [...m.matchAll(/\{\{(\w+)\}\}/g)].map((x) => x[1]).sort();
      expect({ key, fields: fields(german) }).toEqual({ key, fields: fields(english) });
      for (const m of [english, german]) {
        expect(m.replace(/\{\{\w+\}\}/g, '')).not.toMatch(/[{}§]/);
        expect(m.trim()).not.toBe('');
      }
    }
  });

  it('hold every message the pages ask for by name, and every family they build a name in', () => {
    const asked = new Set<string>();
    const families = new Set<string>();
    for (const file of sources(WEB)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt(?:Optional)?\(\s*'([a-zA-Z0-9_.-]+)'/g)) asked.add(m[1]!);
      for (const m of text.matchAll(/\bt(?:Optional)?\(\s*`([a-zA-Z0-9_.-]+)\.\$\{/g)) families.add(`${m[1]!}.`);
      for (const m of text.matchAll(
        /:\s*'((?:app|lobby|player|create|seats|table|record|result|history|replay|audit|cards|refusalHint)\.[a-zA-Z0-9_.]+)'/g,
      ))
        asked.add(m[1]!);
    }
    expect(asked.size).toBeGreaterThan(150);
    for (const lang of ['en', 'de'] as const) {
      expect({ lang, missing: [...asked].filter((k) => !has(lang, k)) }).toEqual({ lang, missing: [] });
      expect({ lang, missing: [...families].filter((f) => !hasPrefix(lang, f)) }).toEqual({ lang, missing: [] });
    }
  });

  it('say every refusal the service and the rules can give in words', () => {
    const openapi = readFileSync(path.join(ROOT, 'openapi', 'openapi.json'), 'utf8');
    // Every upper-case code the document names (its problem examples and descriptions), but the settings it names.
    const settings = [
      'AUDIT_TOKEN',
      'RATE_LIMIT_PER_MINUTE',
      'RATE_LIMIT_PER_ADDRESS_PER_MINUTE',
      'PLAYERS_PER_ADDRESS_PER_HOUR',
      'STREAMS_PER_ADDRESS',
      'STREAMS_MAX',
      'PRESENCE_SECONDS',
    ];
    const fromApi = [...openapi.matchAll(/\b[A-Z][A-Z]+(?:_[A-Z]+)+\b/g)].map((m) => m[0]);
    const fromRules = [Codes, DobbmCodes, DroggnCodes, DokoCodes].flatMap((c) => Object.values(c));
    const listed = new Set([...fromApi, ...fromRules].filter((c) => !settings.includes(c)));
    expect(listed.size).toBeGreaterThan(50);
    for (const lang of ['en', 'de'] as const)
      expect({ lang, missing: [...listed].filter((c) => !has(lang, `refusal.${c}`)) }).toEqual({ lang, missing: [] });
  });

  it('name every rule option of every game and every word an option takes', () => {
    for (const [id, game] of Object.entries(games)) {
      for (const [name, spec] of Object.entries(game.optionSchema as Record<string, { values?: unknown[] }>)) {
        for (const lang of ['en', 'de'] as const) {
          expect({ lang, option: `${id}.${name}`, named: has(lang, `options.${id}.${name.replaceAll('.', '_')}`) }).toEqual({
            lang,
            option: `${id}.${name}`,
            named: true,
          });
          for (const v of (spec.values ?? []).filter((x) => typeof x === 'string'))
            expect({ lang, value: v, named: has(lang, `options.values.${String(v)}`) }).toEqual({ lang, value: v, named: true });
        }
      }
    }
  });

  it('tell each game’s rules in both languages, section by section, and explain every rule option', () => {
    const rules = { en: rulesEn, de: rulesDe };
    const texts = (x: unknown): string[] => (typeof x === 'string' ? [x] : Array.isArray(x) ? x.flatMap(texts) : []);
    for (const id of Object.keys(games) as (keyof typeof games)[]) {
      const sections = (lang: 'en' | 'de') => rules[lang][id].sections.map((s) => s.id);
      expect({ game: id, sections: sections('de') }).toEqual({ game: id, sections: sections('en') });
      expect(sections('en').length).toBeGreaterThanOrEqual(8);
      for (const lang of ['en', 'de'] as const) {
        const game = rules[lang][id];
        for (const text of [game.intro, ...game.sections.flatMap((s) => [s.title, ...texts(s.body)])]) {
          expect({ lang, text, code: /[{}§`]|\b[a-z]+[A-Z]\w*|\b[a-z]+\.[a-z]+\b|\bnull\b/.test(text) }).toEqual({
            lang,
            text,
            code: false,
          });
          expect(text.trim()).not.toBe('');
        }
        const help: Record<string, string> = rules[lang].options[id];
        const named = Object.keys(games[id].optionSchema).map((o) => o.replaceAll('.', '_'));
        expect({ lang, game: id, unexplained: named.filter((o) => !help[o]?.trim()) }).toEqual({ lang, game: id, unexplained: [] });
        expect({ lang, game: id, unknown: Object.keys(help).filter((o) => !named.includes(o)) }).toEqual({ lang, game: id, unknown: [] });
        for (const text of Object.values(help))
          expect({ lang, text, code: /[{}§`]|\bnull\b/.test(text) }).toEqual({ lang, text, code: false });
      }
    }
  });

  it('choose the remembered language, else the browser’s first German or English, else German', () => {
    expect(chooseLanguage('en', ['de-AT'])).toBe('en');
    expect(chooseLanguage(null, ['fr-FR', 'en-GB', 'de'])).toBe('en');
    expect(chooseLanguage(null, ['de-CH', 'en'])).toBe('de');
    expect(chooseLanguage('xx', ['fr'])).toBe('de');
  });
});
