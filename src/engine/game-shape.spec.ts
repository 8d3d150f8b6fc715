/**
 * One shape for the three games: the same entry names in the same files of every
 * game folder, and each folder's README file map naming exactly the folder's source files,
 * so neither can drift unnoticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as dobbmActions from './dobbm/actions.js';
import * as dobbmCodes from './dobbm/codes.js';
import * as dobbmDeal from './dobbm/deal.js';
import * as dobbmOptions from './dobbm/options.js';
import * as dobbmResult from './dobbm/result.js';
import * as dobbmRules from './dobbm/rules.js';
import * as dobbmSession from './dobbm/session.js';
import * as dobbmView from './dobbm/view.js';
import * as droggnActions from './droggn/actions.js';
import * as droggnCodes from './droggn/codes.js';
import * as droggnDeal from './droggn/deal.js';
import * as droggnOptions from './droggn/options.js';
import * as droggnResult from './droggn/result.js';
import * as droggnRules from './droggn/rules.js';
import * as droggnSession from './droggn/session.js';
import * as droggnView from './droggn/view.js';
import * as dokoActions from './doppelkopf/actions.js';
import * as dokoCodes from './doppelkopf/codes.js';
import * as dokoDeal from './doppelkopf/deal.js';
import * as dokoOptions from './doppelkopf/options.js';
import * as dokoResult from './doppelkopf/result.js';
import * as dokoRules from './doppelkopf/rules.js';
import * as dokoSession from './doppelkopf/session.js';
import * as dokoView from './doppelkopf/view.js';
import { games } from './index.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Where each entry of the contract lives, by file, in every game. */
const ENTRIES: Record<string, readonly string[]> = {
  options: ['optionSchema', 'parseOptions', 'defaultOptions'],
  deal: ['deal', 'dealFromHands', 'dealtCards'],
  actions: ['parseAction'],
  rules: ['apply', 'legalActions'],
  view: ['view'],
  result: ['result'],
  session: ['session'],
};

const modules: Record<string, Record<string, Record<string, unknown>>> = {
  dobbm: {
    options: dobbmOptions,
    deal: dobbmDeal,
    actions: dobbmActions,
    rules: dobbmRules,
    view: dobbmView,
    result: dobbmResult,
    session: dobbmSession,
    codes: dobbmCodes,
  },
  droggn: {
    options: droggnOptions,
    deal: droggnDeal,
    actions: droggnActions,
    rules: droggnRules,
    view: droggnView,
    result: droggnResult,
    session: droggnSession,
    codes: droggnCodes,
  },
  doppelkopf: {
    options: dokoOptions,
    deal: dokoDeal,
    actions: dokoActions,
    rules: dokoRules,
    view: dokoView,
    result: dokoResult,
    session: dokoSession,
    codes: dokoCodes,
  },
};

/** Source files a README's table names in its first column (`a.ts`, `b.ts`). */
function mappedFiles(readme: string): string[] {
  return readme
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([\w.-]+\.ts)`/g)].map((m) => m[1]!));
}

describe.each(Object.keys(modules))('%s', (id) => {
  const folder = join(here, id);

  it('has every entry of the contract in its file, and the Game object is built from them', () => {
    for (const [file, names] of Object.entries(ENTRIES)) {
      for (const name of names)
        expect([`${file}.ts`, name, typeof modules[id]![file]![name]]).toEqual([
          `${file}.ts`,
          name,
          expect.stringMatching(/function|object/),
        ]);
    }
    const game = games[id as keyof typeof games];
    const m = modules[id]!;
    expect(game.optionSchema).toBe(m['options']!['optionSchema']);
    expect([
      game.deal,
      game.dealHands,
      game.dealtCards,
      game.parseAction,
      game.apply,
      game.legalActions,
      game.view,
      game.result,
      game.session,
    ]).toEqual([
      m['deal']!['deal'],
      m['deal']!['dealFromHands'],
      m['deal']!['dealtCards'],
      m['actions']!['parseAction'],
      m['rules']!['apply'],
      m['rules']!['legalActions'],
      m['view']!['view'],
      m['result']!['result'],
      m['session']!['session'],
    ]);
  });

  it('keeps its rejection codes in codes.ts, one upper-case code per name', () => {
    const codes = Object.values(modules[id]!['codes']!) as Record<string, string>[];
    expect(codes).toHaveLength(1);
    for (const [name, code] of Object.entries(codes[0]!)) expect([name, code]).toEqual([code, expect.stringMatching(/^[A-Z_]+$/)]);
  });

  it("README's file map names exactly the folder's source files", () => {
    const files = readdirSync(folder)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
      .sort();
    const mapped = mappedFiles(readFileSync(join(folder, 'README.md'), 'utf8'));
    expect(new Set(mapped).size).toBe(mapped.length);
    expect(mapped.slice().sort()).toEqual(files);
  });
});
