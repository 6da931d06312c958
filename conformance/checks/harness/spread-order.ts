/**
 * The items in an order that covers their range evenly at every prefix: the first, the middle,
 * the quarters, the eighths… (each index once). Deterministic, so a replay looks up the same ids. Gap look-ups
 * (GAMES-UNLISTED-ARE-ARCHIVED, REVIEWS-UNLISTED-ARE-ARCHIVED) take ids in this order: runs of ids
 * that never existed cost one look-up each at a small budget.
 */
export function spreadOrder<T>(items: readonly T[]): T[] {
  const order: T[] = [];
  const taken = new Set<number>();
  for (let parts = 1; order.length < items.length; parts *= 2) {
    for (let k = 0; k < parts; k += 1) {
      const index = Math.floor((k * items.length) / parts);
      if (!taken.has(index)) {
        taken.add(index);
        order.push(items[index]!);
      }
    }
  }
  return order;
}
