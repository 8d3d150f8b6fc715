import { describe, expect, it } from '@jest/globals';
import { gameFor, shuffle } from '../engine/index.js';
import { ApiError } from '../common/problems.js';
import { decide, type Decision, type HandCommand } from './decide.js';
import type { HandRow } from './hand-row.js';

const game = gameFor('dobbm');
const parsed = game.parseOptions({ players: 4 });
if (!parsed.ok) throw new Error(parsed.rejection.message);
const options = parsed.options;
const state = game.deal(options, shuffle('7'.repeat(64), game.deck(options)), { dealer: 0 });
const seat = game.toAct(state)[0]!;
const { seat: _seat, ...action } = game.legalActions(state, seat)[0] as Record<string, unknown>;
const seating = ['p0', 'p1', 'p2', 'p3'];
const now = new Date('2026-01-01T12:00:00Z');
const clock = { now, awayPaceMs: 900 };

function hand(at: { away: number[]; deadline: Date }): HandRow {
  return {
    id: 'h',
    tableId: 't',
    homeTableId: 't',
    number: 1,
    game: 'dobbm',
    options: options as unknown as Record<string, unknown>,
    seatCount: 4,
    dealer: 0,
    setup: { dealer: 0 },
    seating,
    seed: 's',
    deck: null,
    dealtHands: null,
    state,
    seq: 0,
    stateSeq: 0,
    phase: game.phase(state),
    toAct: [...game.toAct(state)],
    status: 'active',
    result: null,
    lastHash: '',
    source: 'table',
    createdAt: now,
    finishedAt: null,
    turnSeconds: 40,
    misses: [0, 0, 0, 0],
    awaySince: [],
    heldUntil: null,
    ready: [],
    ...at,
  };
}

const bySubstitute: HandCommand = { actor: { playerId: seating[seat]! }, expectedSeq: 0, action, substitute: true };
const later = new Date(now.getTime() + 5_000);
const earlier = new Date(now.getTime() - 1);

/**
 * A substitute's decision may take a while; the person may be back, or their clock may have been
 * set again, before it arrives. It is then no longer the substitute's turn: the command decides
 * on the hand as it is, and the event says why the substitute played.
 */
describe('a substitute acts only when the seat is its to play', () => {
  it('for a seat away, the substitute covers it', () => {
    expect((decide(hand({ away: [seat], deadline: later }), bySubstitute, true, clock) as Decision).turn.kind).toBe('covered');
  });

  it('for a seat whose clock ran out, the substitute makes the missed decision', () => {
    expect((decide(hand({ away: [], deadline: earlier }), bySubstitute, true, clock) as Decision).turn.kind).toBe('missed');
  });

  it('for a person who is back with time on the clock, the substitute is refused', () => {
    let refusal: unknown;
    try {
      decide(hand({ away: [], deadline: later }), bySubstitute, true, clock);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('NOT_YOUR_TURN');
  });

  it('the person acts whatever the clock says', () => {
    const own = { ...bySubstitute, substitute: undefined };
    expect((decide(hand({ away: [], deadline: later }), own, true, clock) as Decision).turn.kind).toBe('acted');
  });
});
