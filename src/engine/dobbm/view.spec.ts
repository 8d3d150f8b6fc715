/** What each viewer sees (docs/design.md#hidden-information, docs/rules/dobbm.md#discard, docs/rules/dobbm.md#play). */
import { DOBBM_DECK } from './cards.js';
import { deal } from './deal.js';
import { bid, call, discard, opts, run } from './deals.testkit.js';
import { view } from './view.js';

// Unshuffled deck, dealer 3: seat 0 holds HS H10 HK HO L7 L6 AS A10; the Dobb is B9 B8 B7 B6.
const start = () => deal(opts(), DOBBM_DECK, { dealer: 3 });
const dobbmBy0 = () => run(start(), [bid(0, 'dobbm'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);
const soloBy0 = () => run(start(), [bid(0, 'solo'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);

describe('a seat sees its own cards and legal actions, nothing hidden', () => {
  it('forehand at the start: its hand, the three bids it may make, no other hand, no Dobb', () => {
    const v = view(start(), { kind: 'seat', seat: 0 });
    expect(v['hand']).toEqual(['HS', 'H10', 'HK', 'HO', 'L7', 'L6', 'AS', 'A10']);
    expect((v['legalActions'] as unknown[]).length).toBe(3);
    expect(v['toAct']).toEqual([0]);
    expect(v).not.toHaveProperty('dobb');
    expect(v).not.toHaveProperty('hands');
    expect(JSON.stringify(v)).not.toContain('HU'); // seat 1's card
  });

  it('the Dobbm declarer sees the Dobb he took and his discard; defenders see neither', () => {
    const s = run(dobbmBy0(), [discard(0, ['B9', 'B8', 'B7', 'B6'])]);
    expect(view(s, { kind: 'seat', seat: 0 })['discard']).toEqual(['B9', 'B8', 'B7', 'B6']);
    const d = view(s, { kind: 'seat', seat: 1 });
    expect(d).not.toHaveProperty('dobb');
    expect(d).not.toHaveProperty('discard');
    expect(d['discarded']).toBe(true);
    expect(JSON.stringify(d)).not.toContain('B9');
  });

  it('a Solo declarer may not see the Dobb before scoring (docs/rules/dobbm.md#discard, docs/rules/dobbm.md#play)', () => {
    const v = view(soloBy0(), { kind: 'seat', seat: 0 });
    expect(v).not.toHaveProperty('dobb');
    expect(JSON.stringify(v)).not.toContain('B6');
  });

  it('a spectator sees the public record only; an auditor sees everything', () => {
    const s = soloBy0();
    const spectator = view(s, { kind: 'spectator' });
    expect(spectator).not.toHaveProperty('hand');
    expect(spectator).not.toHaveProperty('legalActions');
    expect(spectator['bids']).toEqual([
      { seat: 0, bid: 'solo' },
      { seat: 1, bid: 'pass' },
      { seat: 2, bid: 'pass' },
      { seat: 3, bid: 'pass' },
    ]);
    const auditor = view(s, { kind: 'auditor' });
    expect((auditor['hands'] as string[][])[1]).toEqual(['HU', 'H9', 'H8', 'H7', 'AK', 'AO', 'AU', 'A9']);
    expect(auditor['dobb']).toEqual(['B9', 'B8', 'B7', 'B6']);
  });

  it('shows the doubling calls and the multiplier so far', () => {
    const v = view(run(soloBy0(), [call(1, 'schwacher'), call(0, 'retour')]), { kind: 'spectator' });
    expect(v['calls']).toEqual([
      { seat: 1, call: 'schwacher' },
      { seat: 0, call: 'retour' },
    ]);
    expect(v['multiplier']).toBe(4);
  });

  it('the sitting-out five-player dealer has no cards and nothing to do', () => {
    const v = view(deal(opts({ players: 5 }), DOBBM_DECK, { dealer: 2 }), { kind: 'seat', seat: 2 });
    expect(v['hand']).toEqual([]);
    expect(v['legalActions']).toEqual([]);
    expect(v['sittingOut']).toBe(2);
  });

  it('after a throw-in everything may be shown, with the result', () => {
    const s = run(start(), [bid(0, 'pass'), bid(1, 'pass'), bid(2, 'pass'), bid(3, 'pass')]);
    const v = view(s, { kind: 'seat', seat: 1 });
    expect(v['dobb']).toEqual(['B9', 'B8', 'B7', 'B6']);
    expect(v['result']).toMatchObject({ status: 'thrownIn' });
    expect(v['toAct']).toEqual([]);
  });
});
