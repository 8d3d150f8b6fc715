/**
 * The double-dummy solvers' move ordering: sorts the `n` moves at `moves[at…]` by their
 * `scores[at…]`, highest first, in place. Insertion sort: a ply has at most a dozen moves, and
 * typed arrays with no allocation keep the search's inner loop cheap.
 */
export function sortMovesByScore(moves: Int32Array, scores: Int32Array, at: number, n: number): void {
  for (let i = 1; i < n; i++) {
    const mv = moves[at + i]!;
    const sc = scores[at + i]!;
    let j = i - 1;
    while (j >= 0 && scores[at + j]! < sc) {
      moves[at + j + 1] = moves[at + j]!;
      scores[at + j + 1] = scores[at + j]!;
      j--;
    }
    moves[at + j + 1] = mv;
    scores[at + j + 1] = sc;
  }
}
