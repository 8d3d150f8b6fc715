/**
 * The Dobbm and Doppelkopf solvers' transposition table (Droggn's is win-table.ts): open
 * addressing over typed arrays (a `Map` with 39-bit number keys hashes doubles and was the
 * solver's bottleneck). A key is two int32 words; an entry is a lower and an upper bound of
 * the value and the best lead found. `clear()` only advances a generation stamp, so a new
 * solve costs nothing to start.
 */
const PROBES = 4;

export class BoundTable {
  private readonly k1: Int32Array;
  private readonly k2: Int32Array;
  private readonly data: Int32Array;
  private readonly stamp: Int32Array;
  private readonly mask: number;
  private readonly shift: number;
  private generation = 1;

  constructor(bits = 18) {
    const size = 1 << bits;
    this.k1 = new Int32Array(size);
    this.k2 = new Int32Array(size);
    this.data = new Int32Array(size);
    this.stamp = new Int32Array(size);
    this.mask = size - 1;
    this.shift = 32 - bits;
  }

  clear(): void {
    this.generation++;
  }

  private home(a: number, b: number): number {
    return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77)) >>> this.shift;
  }

  /** The stored entry, or -1. */
  get(a: number, b: number): number {
    const h = this.home(a, b);
    for (let i = 0; i < PROBES; i++) {
      const at = (h + i) & this.mask;
      if (this.stamp[at] !== this.generation) return -1;
      if (this.k1[at] === a && this.k2[at] === b) return this.data[at]!;
    }
    return -1;
  }

  set(a: number, b: number, value: number): void {
    const h = this.home(a, b);
    let at = h;
    for (let i = 0; i < PROBES; i++) {
      const j = (h + i) & this.mask;
      if (this.stamp[j] !== this.generation || (this.k1[j] === a && this.k2[j] === b)) {
        at = j;
        break;
      }
    }
    this.k1[at] = a;
    this.k2[at] = b;
    this.data[at] = value;
    this.stamp[at] = this.generation;
  }
}
