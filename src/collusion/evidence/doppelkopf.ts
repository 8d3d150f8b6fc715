/**
 * Evidence per call for Doppelkopf (docs/audit-doppelkopf.md): in a hand where one player plays
 * alone against three (doppelkopf-stakes.ts), every chance a defender had to announce — the
 * announcements he made (Kontra, keine 90 … schwarz) and, when he made none, his first turn in play
 * with an announcement open to him — with the lone player's (Re's) chance of winning as the
 * defender saw it then, from worlds the strong bot's sampler draws from his seat's information.
 * The same shape as Dobbm's and Droggn's, so the pair statistics read it unchanged: the lone
 * player is the "declarer", an announcement a "double", a chance let pass a "Gut".
 */
import { round2, type CallEvidence, type DokoCall, type HandEvidenceOf } from './call-evidence.js';
import { stakesOf } from './doppelkopf-stakes.js';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { setupOf } from '../../engine/core/record.js';
import { replayOrThrow, type Action, type HandRecord, type HandSetup } from '../../engine/index.js';
import { doppelkopf, type DokoOptions, type DokoState, type DokoView } from '../../engine/doppelkopf/index.js';
import { legalAnnouncements, partyLevel, type LevelName } from '../../engine/doppelkopf/announcements.js';
import { heuristicBot } from '../../engine/doppelkopf/bots.js';
import type { ContractKind } from '../../engine/doppelkopf/cards.js';
import { active, seatToPlay } from '../../engine/doppelkopf/parties.js';
import { valueInput } from '../../engine/doppelkopf/result.js';
import { gameValue, playerScores } from '../../engine/doppelkopf/scoring.js';
import { partySeats } from '../../engine/doppelkopf/parties.js';
import { seatInputOf } from '../../bots/seat-play.js';
import { knowledgeFromInput } from '../../solvers/search/seat-input.js';
import { imagineDoppelkopf } from '../../solvers/search/doppelkopf-world.js';

export type HandEvidence = HandEvidenceOf<ContractKind>;

export interface EvidenceOptions {
  /** Sampled worlds per chance, one playout each. */
  samples: number;
  seed: number;
  /** Also the lone player's own estimate at his first turn in play (`declarerWinProbability`); default false. */
  declarerEstimate?: boolean;
}

/**
 * The lone player's own chance is drawn from this many times the samples: it is the pair
 * statistic's outcome (evidence-of.ts `pairOptionsFor`), one estimate per hand, and its noise
 * costs the test directly (a solo's chance sits mostly near 0 or near 1, the few in between decide).
 */
const DECLARER_SAMPLES_FACTOR = 4;

/** Draws per sampled world before the sampler gives up on it (a world the replay refuses is drawn again). */
const ATTEMPTS_PER_WORLD = 20;

/**
 * The playout policy: the engine's heuristic bot, which never announces here — the chance is of
 * the hand as it stands at the moment, not of announcements still to come.
 */
const playoutBot = heuristicBot({ announceFrom: Number.POSITIVE_INFINITY });

/** One hand's evidence from its record; a record that does not replay throws. Empty when the parties are even. */
export function handEvidence(record: HandRecord<'doppelkopf'>, options: EvidenceOptions): HandEvidence {
  const { states, actions } = replayOrThrow(doppelkopf, record);
  const final = states[states.length - 1]!;
  const stakes = final.phase === 'over' ? stakesOf(final) : null;
  const none: HandEvidence = {
    declarer: null,
    contract: null,
    defenders: [],
    declarerWinsTrue: null,
    declarerPointsPlayed: null,
    calls: [],
  };
  if (!stakes || stakes.parties !== 'uneven' || stakes.alone === null) return none;
  const lone = stakes.alone;
  const order = active(final);
  const from = order.indexOf(lone);
  const defenders = [1, 2, 3].map((k) => order[(from + k) % order.length]!);
  const hand: Hand = {
    setup: setupOf(record),
    options: final.options,
    states,
    actions,
    rng: seededRng(options.seed),
    samples: options.samples,
  };
  const calls = defenders
    .flatMap((seat) => chancesOf(hand, seat).map((i) => ({ seat, i })))
    .sort((a, b) => a.i - b.i)
    .map(({ seat, i }) => describeChance(hand, final, lone, seat, i));
  const result = doppelkopf.result(final);
  const firstPlay = actions.findIndex((a) => a.type === 'play');
  const ownTurn = firstTurn(hand, lone);
  const own =
    options.declarerEstimate && ownTurn !== null
      ? { declarerWinProbability: estimate({ ...hand, samples: hand.samples * DECLARER_SAMPLES_FACTOR }, lone, ownTurn) }
      : {};
  return {
    declarer: lone,
    contract: final.contract,
    defenders,
    declarerWinsTrue: firstPlay < 0 ? null : winsOnTrueDeal(hand, firstPlay),
    declarerPointsPlayed: result?.cardPoints?.re ?? null,
    ...own,
    calls,
  };
}

/**
 * Re's chance of winning as `seat` sees it before action `actionIndex` of a record (finished or
 * not), from `samples` worlds: the estimate of one chance, on its own.
 */
export function winChanceAt(record: HandRecord<'doppelkopf'>, actionIndex: number, seat: number, options: EvidenceOptions): number {
  const { states, actions } = replayOrThrow(doppelkopf, record);
  const hand: Hand = {
    setup: setupOf(record),
    options: states[0]!.options,
    states,
    actions,
    rng: seededRng(options.seed),
    samples: options.samples,
  };
  return estimate(hand, seat, actionIndex);
}

/** A replayed hand and what every estimate in it shares. */
interface Hand {
  setup: HandSetup;
  options: DokoOptions;
  states: DokoState[];
  actions: Action[];
  rng: Rng;
  samples: number;
}

/**
 * The indices of the actions at which `seat` had a chance to announce while the lone player
 * played against him: each announcement he made, or — when he made none — his first card played
 * with an announcement still open to him (the moment an honest player decides).
 */
function chancesOf(hand: Hand, seat: number): number[] {
  const made = hand.actions.flatMap((a, i) => (a.type === 'announce' && a.seat === seat && uneven(hand.states[i]!) ? [i] : []));
  if (made.length > 0) return made;
  const first = firstTurn(hand, seat);
  return first === null ? [] : [first];
}

/** The first action at which `seat` plays a card with the parties fixed and an announcement open to him, or null. */
function firstTurn(hand: Hand, seat: number): number | null {
  for (let i = 0; i < hand.actions.length; i++) {
    const a = hand.actions[i]!;
    const s = hand.states[i]!;
    if (a.type === 'play' && a.seat === seat && uneven(s) && legalAnnouncements(s, seat).length > 0) return i;
  }
  return null;
}

const uneven = (s: DokoState): boolean => stakesOf(s)?.parties === 'uneven';

function describeChance(hand: Hand, final: DokoState, lone: number, seat: number, i: number): CallEvidence {
  const s = hand.states[i]!;
  const a = hand.actions[i]!;
  const announced = a.type === 'announce';
  const word = announced ? (a['level'] as LevelName) : (legalAnnouncements(s, seat)[0] ?? 'kontra');
  const call: DokoCall = word === 're' ? 'kontra' : word;
  const p = estimate(hand, seat, i);
  const stepPoints = addedPoints(s, word);
  const firstOwn = !hand.actions.slice(0, i).some((b) => b.type === 'announce' && b.seat === seat);
  // A defender pays one share per point when the lone player wins and collects one when he
  // loses: an announcement of Δ points costs him Δ(2p − 1), letting it pass the reverse.
  const cost = stepPoints * (2 * p - 1);
  return {
    actionIndex: i,
    seat,
    role: 'defender',
    call: announced ? call : 'none',
    doubles: announced,
    step: firstOwn ? 'ansage' : 'absage',
    multiplierBefore: announcementPoints(s),
    winProbabilityCaller: p,
    samples: hand.samples,
    unresolved: 0,
    winTrue: winsOnTrueDeal(hand, i) ? 1 : 0,
    expectedCostToCaller: round2(announced ? cost : -cost),
    valueToDeclarer: announced ? round2(valueMoved(final, lone, s, hand.states[i + 1]!)) : 0,
  };
}

/** The points the announcements so far add to the game value: Re/Kontra 2, each Absage 1 (docs/rules/doppelkopf.md#game-value). */
function announcementPoints(s: DokoState): number {
  const level = (party: 're' | 'kontra'): number => {
    const l = partyLevel(s, party);
    return l < 0 ? 0 : 2 + l;
  };
  return level('re') + level('kontra');
}

/** What announcing `word` now would add to the game value: the levels it implies, 2 for Kontra and 1 for each Absage. */
function addedPoints(s: DokoState, word: LevelName): number {
  const own = partyLevel(s, 'kontra');
  const target = word === 're' || word === 'kontra' ? 0 : ['no90', 'no60', 'no30', 'schwarz'].indexOf(word) + 1;
  let points = 0;
  for (let l = own + 1; l <= target; l++) points += l === 0 ? 2 : 1;
  return points;
}

/**
 * What the call moved to the lone player in the hand as played: his score with the levels after
 * the call less his score with those before it, on the same tricks (the engine's own scoring, so
 * a target the call lowered counts too). Each defender paid a third of it.
 */
function valueMoved(final: DokoState, lone: number, before: DokoState, after: DokoState): number {
  const parties = partySeats(final);
  const scoreWith = (s: DokoState): number => {
    const v = valueInput(final);
    v.levels = { re: partyLevel(s, 're'), kontra: partyLevel(s, 'kontra') };
    return playerScores(final.options.players, parties, gameValue(v).vRe)[lone]!;
  };
  return scoreWith(after) - scoreWith(before);
}

/** Re's chance of winning as `seat` sees it before action `i` of the hand: `chanceFrom` at that moment. */
function estimate(hand: Hand, seat: number, i: number): number {
  return chanceFrom(hand.states[i]!, hand.actions.slice(0, i), seat, hand.samples, hand.rng, hand.setup);
}

/**
 * Re's (the lone player's) chance of winning as `seat` sees it in `state`, reached by `actions`:
 * worlds drawn by the strong bot's sampler from the seat's input as the service would serve it
 * (his cards, the cards played, the reservations and announcements he heard), each played out.
 */
export function chanceFrom(
  state: DokoState,
  actions: readonly Action[],
  seat: number,
  samples: number,
  rng: Rng,
  setup: HandSetup = { dealer: state.dealer, context: state.context },
): number {
  const input = seatInputOf(doppelkopf, { options: state.options, setup, state, actions }, seat);
  const k = knowledgeFromInput(doppelkopf, input);
  if (!k) throw new Error('the seat input of a replayed hand has no deal event');
  let wins = 0;
  let drawn = 0;
  for (let j = 0; j < samples; j++) {
    for (let attempt = 0; attempt < ATTEMPTS_PER_WORLD; attempt++) {
      const world = imagineDoppelkopf(k, input.view as unknown as DokoView, rng);
      if (!world) continue;
      drawn++;
      if (reWins(world, rng)) wins++;
      break;
    }
  }
  return drawn > 0 ? wins / drawn : 0.5;
}

/** The true deal played out from before action `i` by the same policy: Re's result as the evidence compares it. */
function winsOnTrueDeal(hand: Hand, i: number): boolean {
  return reWins(hand.states[i]!, hand.rng);
}

function reWins(from: DokoState, rng: Rng): boolean {
  let s = from;
  while (s.phase !== 'over') {
    const seat = seatToPlay(s) ?? doppelkopf.toAct(s)[0]!;
    const next = doppelkopf.apply(s, playoutBot(s, seat, rng));
    if (!next.ok) throw new Error(`the playout bot's move was refused: ${next.rejection.message}`);
    s = next.state;
  }
  return doppelkopf.result(s)?.details?.['winner'] === 're';
}
