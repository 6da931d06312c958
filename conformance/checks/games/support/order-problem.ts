/**
 * Whether two consecutive games are in the order a sort promises (D22, profile
 * `sortKeys` and `sortTieBreak`): by the sort's field in its direction, nulls last,
 * ties broken by id.
 */
import type { GameSummary } from '../../../src/core/discovery.ts';
import type { Profile } from '../../../src/core/profile.ts';

type SortKey = Profile['sortKeys'][keyof Profile['sortKeys']];

export function valueAt(game: GameSummary, path: string): unknown {
  let value: unknown = game;
  for (const part of path.split('.')) {
    value =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value ?? null;
}

function comparable(value: unknown): number | string {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const time = Date.parse(value);
    return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(time) ? time : value;
  }
  return String(value);
}

/** A description of what is out of order, or undefined when `first` may precede `second`. */
export function orderProblem(
  first: GameSummary,
  second: GameSummary,
  key: SortKey,
  tieBreak: Profile['sortTieBreak'],
): string | undefined {
  const a = valueAt(first, key.field);
  const b = valueAt(second, key.field);
  const shown = `game ${first.id} (${key.field} ${JSON.stringify(a)}) before game ${second.id} (${key.field} ${JSON.stringify(b)})`;
  if (a === null && b === null) {
    // Both null: only the tie-break orders them.
  } else if (a === null) {
    return `${shown}: nulls come last`;
  } else if (b === null) {
    return undefined;
  } else {
    const x = comparable(a);
    const y = comparable(b);
    if (x !== y) {
      const ascending = x < y;
      if (ascending === (key.direction === 'asc')) return undefined;
      return `${shown}: not ${key.direction === 'asc' ? 'ascending' : 'descending'}`;
    }
  }
  if (tieBreak === 'id_asc' && first.id > second.id) return `${shown}: a tie, ids should ascend`;
  if (tieBreak === 'id_desc' && first.id < second.id) return `${shown}: a tie, ids should descend`;
  return undefined;
}
