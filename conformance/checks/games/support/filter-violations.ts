/**
 * What a returned game must satisfy for the filters of its query (§4 GET /games
 * parameters and rule 2), judged from the summary alone. `q` needs the full
 * description and is judged apart (see missing-terms.ts).
 */
import type { GameSummary } from '../../../src/core/discovery.ts';
import type { GamesFilter } from './games-filter.ts';

/** §8: recently_updated window. */
export const RECENTLY_UPDATED_MS = 30 * 24 * 3600 * 1000;
/** §8: online_recently window. */
export const ONLINE_RECENTLY_MS = 48 * 3600 * 1000;
/** D48: slack around a window boundary, against the server's `Date` header (second precision, clock drift). */
export const WINDOW_SLACK_MS = 120 * 1000;

/** The tag ids a game carries in its categories, whatever their keys (D2). */
export function categoryTagIds(game: GameSummary): number[] {
  return Object.values(game.tags.categories).map((tag) => tag.id);
}

function within(timestamp: string | null, windowMs: number, nowMs: number): boolean {
  if (timestamp === null) return false;
  return Date.parse(timestamp) >= nowMs - windowMs - WINDOW_SLACK_MS;
}

/** One line per filter the game does not satisfy; empty when it satisfies them all. */
export function filterViolations(game: GameSummary, filter: GamesFilter, nowMs: number): string[] {
  const problems: string[] = [];
  if (filter.connectionType === 'web_only' && game.status.web_only !== true) {
    problems.push(`connection_type=web_only but status.web_only is ${String(game.status.web_only)}`);
  }
  if (filter.connectionType === 'mud_client' && game.status.web_only !== false) {
    problems.push(`connection_type=mud_client but status.web_only is ${String(game.status.web_only)}`);
  }
  if (filter.hasReviews === true && !(game.reviews.count >= 1)) {
    problems.push(`has_reviews=1 but reviews.count is ${game.reviews.count}`);
  }
  if (filter.recentlyUpdated === true && !within(game.dates.updated, RECENTLY_UPDATED_MS, nowMs)) {
    problems.push(
      `recently_updated=1 but dates.updated is ${String(game.dates.updated)} (server time ${new Date(nowMs).toISOString()}, window 30 days)`,
    );
  }
  if (
    filter.onlineRecently === true &&
    !within(game.status.last_successful_connect, ONLINE_RECENTLY_MS, nowMs)
  ) {
    problems.push(
      `online_recently=1 but status.last_successful_connect is ${String(game.status.last_successful_connect)} (server time ${new Date(nowMs).toISOString()}, window 48 hours)`,
    );
  }
  const carried = categoryTagIds(game);
  for (const tag of filter.tags ?? []) {
    if (!tag.ids.some((id) => carried.includes(id))) {
      problems.push(
        `${tag.param}[] = ${tag.ids.join(',')} but the game's category tag ids are [${carried.join(',')}]`,
      );
    }
  }
  return problems;
}

/**
 * Whether a game satisfies a filter with room to spare: inside each time window by
 * five times the slack, so the answer cannot change between generating a case and
 * the server judging it (for completeness checks).
 */
export function clearlySatisfies(game: GameSummary, filter: GamesFilter, nowMs: number): boolean {
  const margin = 5 * WINDOW_SLACK_MS;
  if (filterViolations(game, filter, nowMs).length > 0) return false;
  if (filter.recentlyUpdated === true && !within(game.dates.updated, RECENTLY_UPDATED_MS - margin, nowMs)) {
    return false;
  }
  if (
    filter.onlineRecently === true &&
    !within(game.status.last_successful_connect, ONLINE_RECENTLY_MS - margin, nowMs)
  ) {
    return false;
  }
  return true;
}

/**
 * Whether a returned item has the fields filterViolations reads, of the types it reads them as
 * (an item of another shape is the schema checks' to judge, not a filter's).
 */
export function isJudgeableSummary(item: unknown): item is GameSummary {
  if (typeof item !== 'object' || item === null) return false;
  const game = item as Partial<Record<'id' | 'status' | 'reviews' | 'dates' | 'tags', unknown>>;
  const status = game.status as Record<string, unknown> | null | undefined;
  const reviews = game.reviews as Record<string, unknown> | null | undefined;
  const dates = game.dates as Record<string, unknown> | null | undefined;
  const tags = game.tags as { categories?: unknown } | null | undefined;
  const categories = tags?.categories;
  return (
    typeof game.id === 'number' &&
    typeof status?.web_only === 'boolean' &&
    (typeof status.last_successful_connect === 'string' || status.last_successful_connect === null) &&
    typeof reviews?.count === 'number' &&
    (typeof dates?.updated === 'string' || dates?.updated === null) &&
    typeof categories === 'object' &&
    categories !== null &&
    Object.values(categories).every(
      (tag) => typeof tag === 'object' && tag !== null && typeof (tag as { id?: unknown }).id === 'number',
    )
  );
}
