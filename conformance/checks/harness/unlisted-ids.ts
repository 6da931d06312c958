/** Ids looked up past the largest listed one: a collection that stops early leaves out its newest. */
const PAST_LARGEST = 3;
/** Ids looked up below the smallest listed (at most), or when a collection lists none: the first ids a directory gives out. */
const WHEN_EMPTY = 5;

/**
 * The ids a collection read whole does not list, to look up by id (GAMES-UNLISTED-ARE-ARCHIVED,
 * REVIEWS-UNLISTED-ARE-ARCHIVED): the gaps between its smallest and largest id, ascending, then
 * its edges — the first ids below the smallest (a collection that loses its first items), a few past
 * the largest, and, for a collection that lists nothing at all, the first few ids.
 */
export function unlistedIds(listed: ReadonlySet<number>): { gaps: number[]; edges: number[] } {
  const ids = [...listed].sort((a, b) => a - b);
  if (ids.length === 0) return { gaps: [], edges: Array.from({ length: WHEN_EMPTY }, (_, i) => i + 1) };
  const smallest = ids[0]!;
  const largest = ids[ids.length - 1]!;
  const gaps: number[] = [];
  for (let id = smallest; id <= largest; id += 1) if (!listed.has(id)) gaps.push(id);
  const below = Array.from({ length: Math.min(smallest - 1, WHEN_EMPTY) }, (_, i) => i + 1);
  const past = Array.from({ length: PAST_LARGEST }, (_, i) => largest + 1 + i);
  return { gaps, edges: [...below, ...past] };
}
