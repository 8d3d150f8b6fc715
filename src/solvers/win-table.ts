/**
 * The Droggn solver's transposition table, beside the Dobbm and Doppelkopf solvers' BoundTable
 * (bound-table.ts) rather than merged into it, because the two hold different things: a Droggn
 * key is a set over 66 cards plus the leader and the piles so far, which does not fit
 * BoundTable's two int32 words, so it is two exact doubles here; and the search asks one
 * yes/no question (does the declarer reach the threshold?), so an entry is that answer, not a
 * pair of bounds and a best lead. Sharing one table would change the keys, the probing and so
 * the nodes every solve visits.
 *
 * Open addressing on two exact double keys with a generation stamp (clearing is O(1)); a full
 * probe run overwrites its first slot (the table is a cache: losing an entry costs only time).
 */
export class WinTable {
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly v: Int8Array;
  private readonly gen: Int32Array;
  private current = 1;
  private readonly shift: number;
  private readonly mask: number;

  constructor(bits: number) {
    const size = 1 << bits;
    this.a = new Float64Array(size);
    this.b = new Float64Array(size);
    this.v = new Int8Array(size);
    this.gen = new Int32Array(size);
    this.shift = 32 - bits;
    this.mask = size - 1;
  }

  clear(): void {
    this.current++;
  }

  private slot(ka: number, kb: number): number {
    const x = (ka | 0) ^ Math.imul((ka / 4294967296) | 0, 0x27d4eb2d);
    const y = (kb | 0) ^ Math.imul((kb / 4294967296) | 0, 0x165667b1);
    return Math.imul(x ^ Math.imul(y, 0x85ebca6b), 0x9e3779b1) >>> this.shift;
  }

  /** 1 true, 0 false, −1 absent. */
  get(ka: number, kb: number): number {
    let i = this.slot(ka, kb);
    for (let n = 0; n < 8; n++, i = (i + 1) & this.mask) {
      if (this.gen[i] !== this.current) return -1;
      if (this.a[i] === ka && this.b[i] === kb) return this.v[i]!;
    }
    return -1;
  }

  set(ka: number, kb: number, value: boolean): void {
    const first = this.slot(ka, kb);
    let i = first;
    for (let n = 0; n < 8; n++, i = (i + 1) & this.mask) {
      if (this.gen[i] !== this.current || (this.a[i] === ka && this.b[i] === kb)) break;
    }
    if (this.gen[i] === this.current && !(this.a[i] === ka && this.b[i] === kb)) i = first;
    this.gen[i] = this.current;
    this.a[i] = ka;
    this.b[i] = kb;
    this.v[i] = value ? 1 : 0;
  }
}
