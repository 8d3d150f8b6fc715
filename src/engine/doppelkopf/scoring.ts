import type { Party } from './state.js';

/** An extra point (Sonderpunkt, docs/rules/doppelkopf.md#extra-points) credited to a party. */
export interface ExtraPoint {
  party: Party;
  kind: 'doppelkopf' | 'fox' | 'karlchen' | 'lostCharlie' | 'againstTheElders';
  points: number;
}

/** Everything the game value depends on (docs/rules/doppelkopf.md#winning, docs/rules/doppelkopf.md#scoring), free of the hand's state. */
export interface ValueInput {
  solo: boolean;
  cardPoints: Record<Party, number>;
  tricks: Record<Party, number>;
  /** Highest level announced per party: -1 none, 0 Re/Kontra, 1 keine 90 … 4 schwarz. */
  levels: Record<Party, number>;
  /** Extra points from the tricks (not "against the elders", which depends on the winner). */
  extras: ExtraPoint[];
  against90: 120 | 121;
  loserCannotGain: boolean;
}

interface ValueItem {
  party: Party;
  item: string;
  points: number;
}

export interface GameValue {
  winner: Party | null;
  /** Re's value: `v` if Re won, `−v` if Kontra won, the net of docs/rules/doppelkopf.md#no-winner if nobody won. */
  vRe: number;
  /** `v` of the winning party (Re's net when nobody won): docs/contract.md#result `gameValue`. */
  gameValue: number;
  items: ValueItem[];
}

const other = (p: Party): Party => (p === 're' ? 'kontra' : 're');

/** docs/rules/doppelkopf.md#winning: thresholds by the own Absage, else the opponents', else 121/120. */
function partyWins(x: Party, v: ValueInput): boolean {
  const y = other(x);
  const lx = v.levels[x];
  const ly = v.levels[y];
  if (lx >= 1) return lx === 4 ? v.tricks[y] === 0 : v.cardPoints[x] >= [0, 151, 181, 211][lx];
  if (ly >= 1) return ly === 4 ? v.tricks[x] > 0 : v.cardPoints[x] >= [0, 90, 60, 30][ly];
  // Kontra announced and Re did not: Re wins with 120, Kontra needs 121 (docs/rules/doppelkopf.md#decision-2).
  const onlyKontra = v.levels.kontra >= 0 && v.levels.re < 0;
  if (x === 're') return v.cardPoints.re >= (onlyKontra ? 120 : 121);
  return v.cardPoints.kontra >= (onlyKontra ? 121 : 120);
}

/** "<90/<60/<30/schwarz" of the opponents and "≥ X against an Absage" items, for party w. */
function performanceItems(w: Party, v: ValueInput): ValueItem[] {
  const l = other(w);
  const items: ValueItem[] = [];
  const add = (item: string): void => void items.push({ party: w, item, points: 1 });
  if (v.cardPoints[l] < 90) add('opponents below 90');
  if (v.cardPoints[l] < 60) add('opponents below 60');
  if (v.cardPoints[l] < 30) add('opponents below 30');
  if (v.tricks[l] === 0) add('opponents schwarz');
  const ll = v.levels[l];
  // docs/rules/doppelkopf.md#decision-1: ≥ 120 against keine 90 (alternative 121).
  if (ll >= 1 && v.cardPoints[w] >= v.against90) add(`${v.against90} against keine 90`);
  if (ll >= 2 && v.cardPoints[w] >= 90) add('90 against keine 60');
  if (ll >= 3 && v.cardPoints[w] >= 60) add('60 against keine 30');
  if (ll >= 4 && v.cardPoints[w] >= 30) add('30 against schwarz');
  return items;
}

function announcementItems(w: Party, v: ValueInput): ValueItem[] {
  const items: ValueItem[] = [];
  for (const p of ['re', 'kontra'] as const) {
    if (v.levels[p] >= 0) items.push({ party: w, item: `${p} announced`, points: 2 });
    for (let l = 1; l <= v.levels[p]; l++)
      items.push({ party: w, item: `${p} ${['', 'keine 90', 'keine 60', 'keine 30', 'schwarz'][l]}`, points: 1 });
  }
  return items;
}

/** The game value and Re's share (docs/rules/doppelkopf.md#scoring). Integers throughout. */
export function gameValue(v: ValueInput): GameValue {
  const winner: Party | null = partyWins('re', v) ? 're' : partyWins('kontra', v) ? 'kontra' : null;
  const extras = v.solo ? [] : v.extras.slice();
  // "Against the elders" (gegen die Alten): Kontra wins a non-solo game (docs/rules/doppelkopf.md#decision-5).
  if (winner === 'kontra' && !v.solo) extras.push({ party: 'kontra', kind: 'againstTheElders', points: 1 });
  const extraItems = (p: Party): ValueItem[] =>
    extras.filter((e) => e.party === p).map((e) => ({ party: p, item: e.kind, points: e.points }));
  if (winner === null) {
    // docs/rules/doppelkopf.md#no-winner: each party collects its performance items and its extra points only.
    const items = [...performanceItems('re', v), ...extraItems('re'), ...performanceItems('kontra', v), ...extraItems('kontra')];
    const vRe = items.reduce((a, i) => a + (i.party === 're' ? i.points : -i.points), 0);
    return { winner, vRe, gameValue: vRe, items };
  }
  const loser = other(winner);
  const items: ValueItem[] = [
    { party: winner, item: 'won', points: 1 },
    ...performanceItems(winner, v),
    ...announcementItems(winner, v),
    ...extraItems(winner),
  ];
  for (const e of extraItems(loser)) items.push({ ...e, points: -e.points });
  let value = items.reduce((a, i) => a + i.points, 0);
  if (v.loserCannotGain && value < 0) value = 0;
  return { winner, vRe: winner === 're' ? value : -value, gameValue: value, items };
}

/** docs/rules/doppelkopf.md#player-scores: Re players `+v_Re`, Kontra `−v_Re`; a soloist `±3·v_Re`. Zero-sum. */
export function playerScores(seats: number, parties: Record<Party, number[]>, vRe: number): number[] {
  const scores = Array.from({ length: seats }, () => 0);
  const reShare = (parties.kontra.length * vRe) / parties.re.length;
  for (const s of parties.re) scores[s] = reShare;
  for (const s of parties.kontra) scores[s] = -vRe;
  return scores.map((x) => x + 0);
}
