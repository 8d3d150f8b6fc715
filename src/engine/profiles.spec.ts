/**
 * Rule profiles as clients write them (docs/contract.md#api `POST /tables`): for every game, any
 * combination of its options — each omitted or given with any of its values, spelled flat
 * (`"doubling.firstSpeaker"`) or nested (`{"doubling": {…}}`, `{"piglets": {"enabled": …}}`) —
 * parses to the same flat profile, defaults filled in.
 *
 * The same arbitraries (core/profiles.testkit.ts) drive `<game>/profiles.spec.ts`: sessions
 * of one to three hands under a whole random profile, played by the random and heuristic bots,
 * half of them asked to end (Mußrunde, Droggn's closing hands, Doppelkopf's session end). Every
 * property there draws every option of the game; the ones that decide what it checks:
 * - every hand, all games (`handProblems`): zero-sum scores in exact hundredths, replay of the
 *   logged actions from the deal = the live state and result, every listed action applies;
 * - Dobbm scores against docs/rules/README.md read independently: `players`, `stake`, `rounding`,
 *   `zeroTrickTransfer`, the multiplier under `doubling.*`, no Stockerl in a Mußrunde
 *   (`mussrunde.*`); penalties (`irregularities: penalize` pinned): `penalty.includeDoublings`,
 *   `penalty.dealerPays`, reported in every phase, often before the discard;
 * - Droggn's penalty (docs/rules/droggn.md#irregularities) under `players`, `doubling.maxDoublings` and the Mord contract;
 *   its zero-sum view of Δ and 74 card points under `winThreshold`, `mord.*`, `deal`, …;
 * - Doppelkopf's party scores, parity and `gameValue` under `against90`, `loserCannotGain`,
 *   `extras.*`, `players` (a sitting-out dealer scores 0), `poverty.*`, `piglets.*`, …;
 * - views (all games) under the options that decide what is shown (`talon.expose`, `review`,
 *   `revealLosingReservations`, `poverty.*`, `irregularities`).
 */
import fc from 'fast-check';
import { ruleProfileArb } from './core/profiles.testkit.js';
import { games } from './index.js';

describe.each(Object.values(games).map((game) => [game.id, game] as const))('%s rule profiles', (_id, game) => {
  it('any profile in any spelling parses to that profile', () => {
    fc.assert(
      fc.property(ruleProfileArb(game.optionSchema), ({ rules, profile }) => {
        expect(game.parseOptions(rules)).toEqual({ ok: true, options: profile });
      }),
      { numRuns: 200 },
    );
  });

  it('the arbitrary reaches every value of every option, and both spellings of a dotted name', () => {
    const seen = new Map<string, Set<string>>();
    const spellings = new Set<string>();
    for (const { rules, profile } of fc.sample(ruleProfileArb(game.optionSchema), 400)) {
      for (const [name, v] of Object.entries(profile)) seen.set(name, (seen.get(name) ?? new Set()).add(JSON.stringify(v)));
      for (const [key, v] of Object.entries(rules))
        spellings.add(key.includes('.') ? 'flat' : typeof v === 'object' && v !== null ? 'nested' : 'plain');
    }
    for (const [name, spec] of Object.entries(game.optionSchema)) {
      const values =
        spec.kind === 'enum'
          ? spec.values
          : spec.kind === 'bool'
            ? [true, false]
            : [spec.min, ...(spec.max !== undefined ? [spec.max] : []), ...(spec.allowNull ? [null] : [])];
      for (const v of values) expect([name, seen.get(name)?.has(JSON.stringify(v))]).toEqual([name, true]);
    }
    expect([...spellings].sort()).toEqual(['flat', 'nested', 'plain']);
  });
});
