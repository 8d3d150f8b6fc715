import { acts, allHealthy, dealWith, opts, playFirstLegal } from './deals.testkit.js';
import { redactAction, view } from './view.js';
import type { DokoTrick } from './state.js';

describe('views (docs/design.md hidden information)', () => {
  const s = allHealthy(dealWith(opts(), { 0: ['CQ'], 2: ['CQ'] }));

  it('a seat sees its own hand and legal actions, never another hand', () => {
    const v = view(s, { kind: 'seat', seat: 1 });
    expect(v.hand).toEqual(s.hands[1]);
    expect(v.hands).toBeUndefined();
    expect((v.legalActions as unknown[]).length).toBeGreaterThan(0); // Kontra may announce
    expect(v.toAct).toEqual([0]);
  });

  it('a spectator sees no hand and no legal actions; an auditor sees all hands', () => {
    const spectator = view(s, { kind: 'spectator' });
    expect(spectator.hand).toBeUndefined();
    expect(spectator.legalActions).toBeUndefined();
    expect(view(s, { kind: 'auditor' }).hands).toEqual(s.hands);
  });

  it('after the hand everything is shown, with the result', () => {
    const end = playFirstLegal(s);
    const v = view(end, { kind: 'spectator' });
    expect(v.hands).toEqual(end.hands);
    expect(v.result).not.toBeNull();
  });

  describe('review of past tricks (docs/rules/doppelkopf.md#play `review`)', () => {
    const played = (o = opts()) => playFirstLegal(allHealthy(dealWith(o, { 0: ['CQ'], 2: ['CQ'] })), 3);
    const withCards = (v: Record<string, unknown>): number => (v.tricks as DokoTrick[]).filter((t) => t.plays !== undefined).length;

    it('lastTrick (default): only the last completed trick keeps its cards', () => {
      const v = view(played(), { kind: 'seat', seat: 1 });
      expect((v.tricks as DokoTrick[]).length).toBe(3);
      expect(withCards(v)).toBe(1);
      expect((v.tricks as DokoTrick[])[2].plays).toBeDefined();
    });

    it('none: no completed trick shows its cards', () => {
      expect(withCards(view(played(opts({ review: 'none' })), { kind: 'seat', seat: 1 }))).toBe(0);
    });

    it('ownSide: also the tricks the viewer won', () => {
      const p = played(opts({ review: 'ownSide' }));
      const seat = p.tricks[0].winner!;
      const own = p.tricks.slice(0, 2).filter((t) => t.winner === seat).length;
      expect(withCards(view(p, { kind: 'seat', seat }))).toBe(own + 1);
    });
  });
});

describe('event-log redaction', () => {
  const o = opts({ poverty: { enabled: true } });
  const POOR = ['CA', 'CA', 'C10', 'C10', 'CK', 'CK', 'SA', 'SA', 'S10', 'S10', 'SK', 'DA'];
  const r1 = [0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat <= 1 ? 'vorbehalt' : 'gesund' }));
  const losing = { seat: 1, type: 'contract', contract: 'solo-q' };
  const winning = { seat: 0, type: 'contract', contract: 'solo-h' };
  const resolved = acts(dealWith(o, { 0: POOR }), [...r1, winning, losing]);

  it('the winning contract is public once resolved, a losing one stays with its player', () => {
    expect(redactAction(winning, { kind: 'seat', seat: 3 }, resolved)).toEqual(winning);
    expect(redactAction(losing, { kind: 'seat', seat: 3 }, resolved)).toEqual({ seat: 1, type: 'contract', hidden: ['contract'] });
    expect(redactAction(losing, { kind: 'seat', seat: 1 }, resolved)).toEqual(losing);
    expect(redactAction(losing, { kind: 'auditor' }, resolved)).toEqual(losing);
  });

  it('poverty cards are seen by pauper and acceptor only', () => {
    const calls = [0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat === 0 ? 'vorbehalt' : 'gesund' }));
    const armut = acts(dealWith(o, { 0: POOR }), [...calls, { seat: 0, type: 'contract', contract: 'armut' }]);
    const pass = { seat: 0, type: 'poverty', cards: ['DA', 'CK', 'CK'] };
    const taken = acts(armut, [
      pass,
      { seat: 1, type: 'poverty-answer', accept: false },
      { seat: 2, type: 'poverty-answer', accept: true },
    ]);
    expect(redactAction(pass, { kind: 'seat', seat: 2 }, taken)).toEqual(pass);
    expect(redactAction(pass, { kind: 'seat', seat: 1 }, taken)).toEqual({ seat: 0, type: 'poverty', hidden: ['cards'] });
    expect(redactAction(pass, { kind: 'spectator' }, taken)).toEqual({ seat: 0, type: 'poverty', hidden: ['cards'] });
  });
});
