/**
 * Whether two readings of one stretch of a sorted list of games agree, whatever breaks ties:
 * the same sort values position by position, and each group of equal values that lies inside
 * the stretch (a different value on both sides of it, within the stretch) the same games. A
 * group at either end of the stretch may continue outside it, so which of its games fall inside
 * is the tie-break's choice; a group inside it holds every game of that value, in any order.
 * When the stretch ends where the list does (its last page), its last group is inside too.
 */
import type { GameSummary } from '../../../src/core/discovery.ts';
import { valueAt } from './order-problem.ts';

/** What differs between `expected` and `own` (the same stretch read twice), or undefined. */
export function runMismatch(
  expected: readonly GameSummary[],
  own: readonly GameSummary[],
  field: string,
  { endsTheList = false }: { endsTheList?: boolean } = {},
): { expected: string; received: string } | undefined {
  const values = (games: readonly GameSummary[]) => games.map((game) => JSON.stringify(valueAt(game, field)));
  const want = values(expected);
  const got = values(own);
  if (want.join() !== got.join()) {
    return { expected: `${field} [${want.join(', ')}]`, received: `${field} [${got.join(', ')}]` };
  }
  for (let start = 0; start < want.length;) {
    let end = start;
    while (end + 1 < want.length && want[end + 1] === want[start]) end += 1;
    const inside = start > 0 && (endsTheList || end < want.length - 1);
    if (inside) {
      const ids = (games: readonly GameSummary[]) =>
        games
          .slice(start, end + 1)
          .map((game) => game.id)
          .sort((a, b) => a - b)
          .join(', ');
      if (ids(expected) !== ids(own)) {
        const at = `positions ${start + 1}–${end + 1} (${field} ${want[start]})`;
        return { expected: `games {${ids(expected)}} at ${at}`, received: `games {${ids(own)}}` };
      }
    }
    start = end + 1;
  }
  return undefined;
}
