/**
 * Blind fault set 32 (set-32.ts): what each mistake about one member of a finite list computes —
 * plain functions, each called only behind its fault's guard (operations.ts, middleware/method-check.ts,
 * middleware/authenticate.ts), so with no fault on nothing here runs. Every mistake mishandles ONE
 * member of a list the description gives (one sort, one tag parameter, one flag's window, one archive
 * reason, one MSSP state, one granularity, one metric, one resolution, one zone, one error
 * condition, one tag group, one 401 case, one method) while the list's other members are handled
 * right. Nothing here keeps state between requests.
 */
import type { GameRecord, Taxonomy } from '../../../fixtures/src/model.ts';
import { METRICS } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { ACTIVITY_PATTERN_RULES, activityPattern } from '../domain/activity-pattern.ts';
import { domainError, type DomainResult, type RawQuery } from '../domain/domain-result.ts';
import type { GamePage } from '../domain/game-index.ts';
import { GAME_SORTS, type GameQuery } from '../domain/game-query.ts';
import type { MsspResponse } from '../domain/mssp.ts';
import { PLAYER_HISTORY_RULES, playerHistory } from '../domain/player-history.ts';
import { RESOLUTIONS } from '../domain/statistics-buckets.ts';
import { gameStatistics } from '../domain/statistics.ts';
import { resolveTimeZone } from '../domain/time-zone.ts';
import { everyMatch, paged, type Search } from '../deviations/whole-result.ts';

const DAY_SECONDS = 86_400;

/** A copy of `query` without the parameters named. */
function without(query: RawQuery, ...names: string[]): RawQuery {
  const copy: RawQuery = {};
  for (const [name, value] of Object.entries(query)) if (!names.includes(name)) copy[name] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// GET /games.

/**
 * Blind fault `blind32-sort-most-reviewed-missing-from-list`: the accepted sorts as the list had them
 * before `most_reviewed` was added (the sort keys gained it, the validator's list did not).
 */
export const SORTS_BEFORE_MOST_REVIEWED: readonly string[] = GAME_SORTS.filter(
  (sort) => sort !== 'most_reviewed',
);

/**
 * Blind fault `blind32-sort-most-reviewed-missing-from-list`: a `sort` the validator's list does not
 * hold falls back to the default (§4's rule for unknown values), so `most_reviewed` is read as absent.
 */
export function sortOfShortList(query: RawQuery): RawQuery {
  const sort = query.sort;
  if (typeof sort !== 'string' || SORTS_BEFORE_MOST_REVIEWED.includes(sort)) return query;
  return (GAME_SORTS as readonly string[]).includes(sort) ? without(query, 'sort') : query;
}

/** Blind fault `blind32-player-killing-parameter-misspelled`: the name the filter table spells the category with. */
export const PLAYER_KILLING_AS_SPELLED = 'playerkilling';

/**
 * Blind fault `blind32-player-killing-parameter-misspelled`: the tag parameters are read under the
 * names of the filter table, which spells the ninth category `playerkilling_tag_id`, so the
 * documented `player_killing_tag_id[]` and `player_killing_tag_id` are unknown parameters, ignored.
 */
export function playerKillingUnread(query: RawQuery): RawQuery {
  const documented = ['player_killing_tag_id[]', 'player_killing_tag_id'];
  if (!documented.some((name) => query[name] !== undefined)) return query;
  const read = without(query, ...documented);
  for (const name of documented) {
    const spelled = name.replace('player_killing', PLAYER_KILLING_AS_SPELLED);
    if (query[spelled] !== undefined) read[name] = query[spelled];
  }
  return read;
}

/** Blind fault `blind32-online-recently-window-of-recently-updated`: the window row copied from `recently_updated`. */
export const ONLINE_RECENTLY_WINDOW_AS_COPIED = 30 * DAY_SECONDS;

/**
 * Blind fault `blind32-online-recently-window-of-recently-updated`: `online_recently=1` keeps the
 * games reached successfully in the last 30 days (the window of the flag above it in the table)
 * instead of 48 hours.
 */
export function onlineWithinThirtyDays(search: Search, query: GameQuery, now: number): GamePage {
  const since = now - ONLINE_RECENTLY_WINDOW_AS_COPIED;
  const reached = (game: GameRecord) => {
    const last = game.webOnly ? null : lastSuccessfulConnect(game, now);
    return last !== null && last >= since;
  };
  return paged(everyMatch(search, { ...query, onlineRecently: false }).filter(reached), query);
}

// ---------------------------------------------------------------------------------------------
// Game detail.

/**
 * Blind fault `blind32-admin-disabled-detail-rank-kept`: the detail's rank read per game (1 + the
 * listed games ranked before it), nulled only in the `non_connectivity` case of the archive reason's
 * switch, so a game archived `admin_disabled` with monthly votes keeps the rank its votes give.
 */
export function rankAmongListed(games: readonly GameRecord[], game: GameRecord): number | null {
  if (game.monthlyVotes <= 0) return null;
  const before = games.filter(
    (other) =>
      other.archiveReason === null &&
      other.monthlyVotes > 0 &&
      (other.monthlyVotes > game.monthlyVotes ||
        (other.monthlyVotes === game.monthlyVotes && other.id < game.id)),
  ).length;
  return before + 1;
}

// ---------------------------------------------------------------------------------------------
// MSSP.

/** Blind fault `blind32-mssp-not-available-misspelled`: the no-snapshot status as the handler's constant spells it. */
export const NOT_AVAILABLE_AS_SPELLED = 'mssp_unavailable';

/** Blind fault `blind32-mssp-not-available-misspelled`: the answer with the no-snapshot state spelled `mssp_unavailable`. */
export function notAvailableMisspelled(result: DomainResult<MsspResponse>): DomainResult<MsspResponse> {
  if (!('ok' in result) || result.ok.meta.status !== 'mssp_not_available') return result;
  const status = NOT_AVAILABLE_AS_SPELLED as unknown as 'mssp_not_available';
  return { ok: { ...result.ok, meta: { ...result.ok.meta, status } } };
}

// ---------------------------------------------------------------------------------------------
// Player history.

/**
 * Blind fault `blind32-raw-range-limit-of-daily`: the limits table with its `raw` row copied from
 * the `daily` one (365 days), so a raw range of 91 to 365 days is answered.
 */
export function rawLimitedAsDaily(game: GameRecord, query: RawQuery, nowMs: number): DomainResult<unknown> {
  return playerHistory(game, query, nowMs, {
    ...PLAYER_HISTORY_RULES,
    maxSpanDays: {
      daily: PLAYER_HISTORY_RULES.maxSpanDays.daily,
      raw: PLAYER_HISTORY_RULES.maxSpanDays.daily,
    },
  });
}

/** Blind fault `blind32-explicit-daily-granularity-refused`: the validator's list, with the bucket's internal name. */
export const GRANULARITIES_AS_SPELLED = ['day', 'raw'] as const;

/**
 * Blind fault `blind32-explicit-daily-granularity-refused`: a `granularity` sent is checked against
 * `['day', 'raw']` (the aggregation's internal name for the daily bucket), while an absent one
 * defaults to the daily bucket directly: `granularity=daily` is refused 422 `invalid_date_range`
 * (and `granularity=day` answered as daily); undefined when `granularity` is not `daily` or `day`.
 */
export function explicitDailyRefused(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<unknown> | undefined {
  if (query.granularity === 'day') return playerHistory(game, without(query, 'granularity'), nowMs);
  if (query.granularity !== 'daily') return undefined;
  return domainError(
    422,
    'invalid_date_range',
    `Parameter 'granularity' must be one of ${GRANULARITIES_AS_SPELLED.join(', ')}.`,
    { parameter: 'granularity', value: 'daily' },
  );
}

// ---------------------------------------------------------------------------------------------
// Statistics and activity pattern.

/** Blind fault `blind32-stats-helpfiles-missing-from-metrics`: the metric list the validator was given, `helpfiles` left out. */
export const METRICS_WITHOUT_HELPFILES: readonly string[] = METRICS.filter(
  (metric) => metric !== 'helpfiles',
);

/** Blind fault `blind32-stats-helpfiles-missing-from-metrics`: `metric=helpfiles` refused as unknown; undefined otherwise. */
export function helpfilesRefused(query: RawQuery): DomainResult<unknown> | undefined {
  if (query.metric !== 'helpfiles') return undefined;
  return domainError(
    422,
    'invalid_statistics_query',
    `Parameter 'metric' must be one of ${METRICS_WITHOUT_HELPFILES.join(', ')}.`,
    { parameter: 'metric', value: 'helpfiles' },
  );
}

/**
 * Blind fault `blind32-stats-monthly-falls-through-to-weekly`: the bucket-start `switch` has its
 * `case 'monthly':` above `case 'weekly':` without a `return` of its own, so monthly points are the
 * weekly buckets (the answer still saying `monthly`); undefined for other resolutions.
 */
export function monthlyAsWeekly(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<unknown> | undefined {
  if (query.resolution !== 'monthly') return undefined;
  const result = gameStatistics(game, { ...query, resolution: 'weekly' }, nowMs);
  if (!('ok' in result)) return result;
  return { ok: { ...result.ok, meta: { ...result.ok.meta, resolution: 'monthly' } } };
}

/**
 * Blind fault `blind32-stats-bad-resolution-date-range-code`: the resolution check copied from the
 * player history's granularity check, its error code with it, so an unknown resolution is refused 422
 * `invalid_date_range`; undefined when the resolution is absent or one of the five.
 */
export function unknownResolutionAsDateRange(query: RawQuery): DomainResult<unknown> | undefined {
  const resolution = query.resolution;
  if (resolution === undefined) return undefined;
  if (typeof resolution === 'string' && (RESOLUTIONS as readonly string[]).includes(resolution))
    return undefined;
  return domainError(
    422,
    'invalid_date_range',
    `Parameter 'resolution' must be one of ${RESOLUTIONS.join(', ')}.`,
    { parameter: 'resolution', value: resolution },
  );
}

/**
 * Blind fault `blind32-activity-london-as-utc`: the zones the pattern skips converting, thought to
 * be UTC all year (a fast path); `Europe/London` among them, which is UTC+1 in summer.
 */
export const ZONES_TAKEN_AS_UTC: ReadonlySet<string> = new Set([
  'UTC',
  'Etc/UTC',
  'Etc/GMT',
  'GMT',
  'Europe/London',
]);

/** Blind fault `blind32-activity-london-as-utc`: the pattern of `timezone=Europe/London` bucketed in UTC; undefined for other zones. */
export function londonAsUtc(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
): DomainResult<unknown> | undefined {
  if (query.timezone !== 'Europe/London') return undefined;
  return activityPattern(game, query, nowMs, {
    ...ACTIVITY_PATTERN_RULES,
    resolveTimeZone: (name) => (ZONES_TAKEN_AS_UTC.has(name) ? 'UTC' : resolveTimeZone(name)),
  });
}

// ---------------------------------------------------------------------------------------------
// GET /tags.

/**
 * Blind fault `blind32-tags-playcount-group-missing`: GET /tags lists the groups of a hand-kept list
 * of category keys that lacks `playcount`, so the play-count group (and its ids) is not listed.
 */
export function withoutPlaycountGroup<T extends { data: ReadonlyArray<{ id: number | string }> }>(
  list: T,
  taxonomy: Taxonomy,
): T {
  const playcount = taxonomy.groups.find((group) => group.key === 'playcount');
  if (playcount === undefined) return list;
  return { ...list, data: list.data.filter((group) => group.id !== playcount.id) };
}
