/** Seat arithmetic of docs/rules/README.md#seats: seats clockwise, `left(x) = (x+1) mod n`. */
export const left = (seat: number, n: number): number => (seat + 1) % n;
export const right = (seat: number, n: number): number => (seat + n - 1) % n;

/** Active seats clockwise from the first active seat left of `from` (`from` last if active). */
export function activeOrder(from: number, n: number, isActive: (seat: number) => boolean): number[] {
  const order: number[] = [];
  for (let i = 1; i <= n; i++) {
    const s = (from + i) % n;
    if (isActive(s)) order.push(s);
  }
  return order;
}
