/**
 * One handler per operation of spec/openapi.yaml. Each parses and validates its
 * parameters through a domain module (no Express there), then answers; every error
 * is a code of the registry (errors.ts).
 */
import type { Request, Response } from 'express';
import { firstAskOfRange, isColdRange } from './blind-variants/set-2-behaviour.ts';
import type { GameRecord, ReviewRecord } from '../../fixtures/src/model.ts';
import { ACTIVITY_PATTERN_RULES, activityPattern } from './domain/activity-pattern.ts';
import type { DomainResult, RawQuery } from './domain/domain-result.ts';
import { parseGameQuery, type GameQuery, type GameQueryRules } from './domain/game-query.ts';
import { msspSnapshot } from './domain/mssp.ts';
import { collection, paginationLinks, type PageRequest, type PaginationLinks } from './domain/pagination.ts';
import { gamesPageBytes } from './domain/game-summary-json.ts';
import { pageIds, type GamePage, type GameIndex } from './domain/game-index.ts';
import { playerHistory } from './domain/player-history.ts';
import {
  gameDetail,
  gameStatus,
  gameSummary,
  reviewDetail,
  reviewSummary,
  type GameDetail,
  type GameSummary,
  type RepresentationContext,
  type ReviewSummary,
} from './domain/representation.ts';
import {
  parseReviewQuery,
  type ReviewIndex,
  type ReviewPage,
  type ReviewQuery,
} from './domain/review-query.ts';
import { gameStatistics, MAX_POINTS, STATISTICS_RULES } from './domain/statistics.ts';
import { parsePositiveInteger } from './domain/strict-integer.ts';
import { tagList } from './domain/tags.ts';
import { formatUtcTimestamp } from './domain/utc-format.ts';
import { API_PREFIX, nowSeconds, type AppContext } from './context.ts';
import { ERRORS, errorEnvelope, isErrorCode } from './errors.ts';
import { rawQueryOf } from './query-parser.ts';
import { onAnswer, sendError, sendJson, sendJsonBuffer, sendJsonBytes, sendJsonText } from './respond.ts';
import {
  deviateGame,
  deviateGameDetail,
  deviateReview,
  type Deviations,
} from './deviations/representation.ts';
import {
  deviateGameParameters,
  deviateGameQuery,
  blindRefusedGameParameters,
  combinationsInArrivalOrder,
  gameQueryRules,
  refusedPageBeyondLast,
  refusedPerPage,
  refusedTagIds,
  ranksWithinResults,
  searchGames,
} from './deviations/games.ts';
import { blindFault } from './blind-faults/set-1.ts';
import {
  lenientEnums,
  localDaysDefaultFrom,
  localOffsetTimestamp,
  pythonReprQuery,
  turkishLowerCase,
} from './blind-faults/set-21-ports.ts';
import {
  fullBucketCounts,
  gameReviewsShortOfLast,
  historyMemoisedByRange,
  historyOfHourlyDownsample,
  historyOfMemoisedDays,
  historyShortOfLastSample,
  historyToFirstDay,
  msspBlockMissed,
  reviewsReadByChunks,
} from './blind-faults/set-22-optimisations.ts';
import {
  cursorLink,
  dailyWithoutBoundaryDay,
  detailCanaryHit,
  errorsAsProblemDetails,
  hourlyHistory,
  pendingUnderV2Code,
  laggingReviewPage,
  rawWithMigratingWeekTwice,
  snapshotInArchiveStore,
  statsRowInV2,
  v1ConnectionType,
  v2ArchiveReason,
  v2Author,
  v2Categories,
  v2Description,
  v2LocationIds,
  v2MsspUrl,
  v2ReviewStats,
  v2SearchPerPage,
  v2ShardLinks,
  V2_MIGRATED_REVIEWS_UP_TO,
  V2_SHARD_FIRST_ID,
  writtenByV2,
} from './blind-faults/set-23-migration.ts';
import {
  activityOverWholeWeeks,
  clampedPerPage,
  extremesOfHourlyMeans,
  firstPageReviewBlock,
  fractionalPage,
  historyLimitedByValues,
  historyOfHourlyMeans,
  historyWithRoundedDays,
  int32Offset,
  int32TagIds,
  latestHourMean,
  LEGACY_RATING_BEFORE,
  nightlyReviewBlock,
  previousWheneverPageAboveOne,
  runningMeanRating,
  tagIdsDeduplicated,
  tenDigitNumbersAsText,
  totalCountingSentIds,
  weeklyCappedByWholeWeeks,
} from './blind-faults/set-24-numbers.ts';
import {
  carriedPastLastCrawl,
  countingFailedCrawls,
  indexedBeforeThisWeek,
  lastReconnect,
  neverEditedLast,
  pendingWholeGame,
  reachableOnly,
  reviewsByReviewFlag,
  statisticsBackendRefusal,
  stoppedAnswering,
  throughReviewCounters,
  withVoteRows,
} from './blind-faults/set-25-consistency.ts';
import { deviateCollection } from './deviations/paging.ts';
import { orOperatorSearch } from './deviations/or-operator.ts';
import type { Search } from './deviations/whole-result.ts';
import {
  bareAndBracketedAnded,
  beyondLookback,
  crawledRecently,
  documentedParamsLinks,
  emptyCountsNull,
  fromThirtyDaysBefore,
  metricsOnlyNumeric,
  minusPrefixedSort,
  perPageAsSent,
  phraseSearch,
  reversedSort,
  reviewWithWeekYears,
  sparseCountsNull,
  tombstone,
} from './blind-faults/set-26-misreadings.ts';
import {
  beyondActivityCap,
  cellsOfUtc,
  collateralHistory,
  emphasisStripped,
  lastActivity,
  lettersOnlyTerms,
  linksFromRequestUrl,
  linksWithoutEmptyParams,
  reviewOnCrawlSlots,
  setDefaultZone,
  snapshotDayFloored,
  sparseAveragesNull,
} from './blind-faults/set-27-collateral.ts';
import {
  centuryLeapDayRefused,
  createdYearAsTimestamp,
  dailyCutAtMonthEnd,
  defaultToInZone,
  historyWithBorrowedFrom,
  historyWithFourYearLeapRule,
  hourlyKeyedByHourOfDay,
  hoursFromLocalMidnight,
  listedByDayOnly,
  midnightAs2400,
  monthlyAsThirtyDays,
  offsetAppliedTwice,
  orderCheckedOnMonthDay,
  rawSpanInBerlinHours,
  reviewDatesLeapLate,
  spanAsThreeMonths,
  spanInZoneHours,
  updatedWithinThirtyHours,
} from './blind-faults/set-28-calendar.ts';
import {
  compileTermMatchers,
  datesThroughDateUtc,
  decodedForSearchLog,
  flagsReadByNumber,
  granularityTidied,
  invalidDateParameter,
  queryWithSemicolons,
  reviewIdByNumber,
  sortOrderOf,
  statisticsDatesCut,
  tagIdsReadByParseInt,
  templatedDateError,
} from './blind-faults/set-29-hostile.ts';
import {
  datesTrailingNewlineDropped,
  datesWithDashesNormalised,
  datesWithUnicodeDigits,
  decodedLinkHeader,
  descriptionCutAt512Bytes,
  linkQueryUnescaped,
  msspValuesCutAtColon,
  prefersUtf16,
  qDecodedTwice,
  queryObjectUnescaped,
  reviewJsonWithRawBody,
  termsAccentFolded,
  termsCutAtNul,
  unicodeSpacesKeptInTerms,
} from './blind-faults/set-30-text.ts';
import {
  deviateReviewLookup,
  deviateReviewPage,
  deviateReviewQuery,
  refusedReviewPaging,
} from './deviations/reviews.ts';
import {
  activityPatternGame,
  activityPatternRules,
  averagedPerDay,
  cachedWithoutZone,
  countingDistinctDays,
  deviateActivityPattern,
  deviateActivityQuery,
  localZoneRange,
  medianPerCell,
  onTheHourInPreviousHour,
  weekdayInUtc,
} from './deviations/activity-pattern.ts';
import { deviateMssp } from './deviations/mssp.ts';
import {
  bodiesDeletedByList,
  bodyDeleted,
  cellsOnSharedTemplate,
  detailFromControllerField,
  enumDefaultsMutated,
  flagsLeftOver,
  flagsOfRefusedRequest,
  linkQueryNeverCleared,
  msspMetaFromTemplate,
  reviewsOfGameSpliced,
  samplesOfReversibleCache,
  statisticsMemoisedWithoutTo,
  taxonomyOfVariable,
  taxonomyLoadedForFilter,
} from './blind-faults/set-31-leaks.ts';
import {
  explicitDailyRefused,
  helpfilesRefused,
  londonAsUtc,
  monthlyAsWeekly,
  notAvailableMisspelled,
  onlineWithinThirtyDays,
  playerKillingUnread,
  rankAmongListed,
  rawLimitedAsDaily,
  sortOfShortList,
  unknownResolutionAsDateRange,
  withoutPlaycountGroup,
} from './blind-faults/set-32-members.ts';
import {
  dailyWithoutLoneSampleDays,
  detailAverageRating,
  gameNameAsStored,
  groupValuesCapped,
  loneObservationExtremesNull,
  missingFromIdTable,
  otherMetricOfUnavailableGame,
  rankThroughZeroBasedPosition,
  rareRecordGamePage,
  rawCountsThroughBytes,
  reviewsInFeedWindow,
  shortenedTitle,
  shortReplySkipped,
  zeroAveragesNull,
} from './blind-faults/set-33-rare.ts';
import {
  activityBeyondFirstMonth,
  beyondFirstGamePage,
  dailyBeyondFirstPage,
  gameLaterPageOldestFirst,
  lastRowDropped,
  pageFromKeptCursor,
  partialLastPageFilled,
  pastEndNextLink,
  pendingServedWeeklyMonthly,
  rawPagesJoinedInclusive,
  statisticsBeyondFirstPage,
  totalFromShortPage,
} from './blind-faults/set-34-pages.ts';
import {
  copiedDetailFields,
  editedNullAsEpoch,
  emptyBucketValuesZero,
  gameLinkOnReviewsPath,
  hourlySpanLimitOfRaw,
  mostReviewedKeyedOnVotes,
  pageBoundedLikePerPage,
  rawStampedAtDayStart,
  reviewPagingValidatedLikeGames,
  sortRuleCopiedFromFlag,
  typeGroupReadsThemeValues,
  unavailableCodeOfPending,
  webOnlyCollectedAtNull,
} from './blind-faults/set-35-copies.ts';
import {
  assistantGameFields,
  bareTagParametersUnread,
  groupValuesUnderTags,
  missingSnapshotObjectOfNulls,
  playerTimesWithMilliseconds,
  pointsTruncated,
  reversedActivityRange,
  reviewsOldestFirst,
  searchWithoutDescription,
  sortSpelledLikeFlag,
  unknownMetricBadRequest,
  type GameFieldMistakes,
} from './blind-faults/set-36-assistant.ts';
import {
  ACTIVITY_AVERAGE_FROM_TWO,
  detailDatesInBerlin,
  historyRulesOneDayLonger,
  mudClientWithoutWebsite,
  nextDroppedBeforeOneItemPage,
  offlineGameArchiveReason,
  pendingRangeServedPartly,
  sortTypoCorrected,
  tagCategoriesOred,
  wholeWordSearch,
} from './blind-faults/set-37-hotfixes.ts';
import {
  adminDisabledEnumBlank,
  archivedAsTinyint,
  customTagsNullRow,
  dailyInHashOrder,
  emptyHitListDropped,
  extremesComparedAsText,
  flagsAsBitBuffers,
  impossibleDateCastError,
  legacyEmptyConnection,
  mostReviewedTiesPastFirstPage,
  nullRanksFirst,
  plannerEstimateTotal,
  reviewCountsFannedOut,
  tagJoinRowsPerCategory,
} from './blind-faults/set-38-database.ts';
import {
  archivedDefaultTo,
  deviatePlayerHistory,
  deviatePlayerQuery,
  playerHistoryRules,
  reversedRangeAnswer,
  spanToNowAnswer,
} from './deviations/player-history.ts';
import {
  countingMissingValues,
  deviateStatistics,
  deviateStatisticsQuery,
  rawTwoDaysAnswer,
  refusedResolution,
  reversedStatisticsRange,
  statisticsRules,
  averagedDailyMeans,
  wholePeriodFirstBucket,
  rawServedHourly,
  zeroMinimumReplaced,
  keyedByEnd,
} from './deviations/statistics.ts';
import { deviateTags, rareTagValuesDropped } from './deviations/tags.ts';
import { cellsFromSunday, renamedPoints, tagsByName } from './blind-variants/set-1-behaviour.ts';
import { weekdaysFromZero, withFilterParameters } from './blind-variants/set-5-behaviour.ts';
import {
  lastValues,
  lenientReviewQuery,
  linksAsAsked,
  queryRefusal,
  unknownGameParameter,
  withoutOptionalMembers,
} from './blind-variants/set-3-behaviour.ts';
import {
  activityAnswerAsNamed,
  activityQueryAsNamed,
  apiPrefixOf,
  pagedWithExtras,
  seriesThroughTo,
  stampedAtLastSample,
  statisticsAnswerAsNamed,
  statisticsQueryAsNamed,
} from './blind-variants/set-4-behaviour.ts';

/** Path parameters of the matched route, percent-decoded; undefined when the escape was broken. */
export type PathParams = Record<string, string | undefined>;

export type OperationHandler = (req: Request, res: Response, params: PathParams, context: AppContext) => void;

/** Host names and ports only; anything else in Host would make the links invalid URIs. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * D40: the absolute API base of this request's links: the configured public URL; else, behind a
 * trusted proxy, X-Forwarded-Proto/-Host; else the address this connection reached (the listening
 * address). Never the request's own Host header: any client sets it, and behind a cache keyed by
 * URL the links it chose would be served to everyone (issue #22).
 */
export function apiBaseOf(req: Request): string {
  const { publicOrigin, trustProxy, faults, variants } = req.res!.locals.context;
  // Blind variant `bv4-base-under-longer-prefix`: the base's path is the longer prefix.
  const prefix = apiPrefixOf(variants);
  // Blind fault `blind20-links-host-header-cache-poisoned`: the links built from the Host header as sent.
  const sentHost = req.headers.host;
  if (
    blindFault(faults, 'blind20-links-host-header-cache-poisoned') &&
    sentHost !== undefined &&
    HOST.test(sentHost)
  ) {
    return `${req.protocol}://${sentHost}${prefix}`;
  }
  if (publicOrigin !== undefined) return `${publicOrigin}${prefix}`;
  const host = trustProxy ? req.host : undefined;
  if (host && HOST.test(host)) return `${req.protocol}://${host}${prefix}`;
  return `${req.protocol}://${localAuthority(req.socket)}${prefix}`;
}

/** The address and port a connection reached, as a URI authority (`127.0.0.1:8080`, `[::1]:8080`). */
function localAuthority(socket: Request['socket']): string {
  const { localAddress, localPort } = socket;
  if (localAddress === undefined || localPort === undefined) return 'localhost';
  // A dual-stack socket reports IPv4 peers as IPv4-mapped IPv6 addresses.
  const address = localAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  return address.includes(':') ? `[${address.replace('%', '%25')}]:${localPort}` : `${address}:${localPort}`;
}

function representationContext(req: Request, context: AppContext): RepresentationContext {
  return {
    apiBase: apiBaseOf(req),
    now: nowSeconds(context.clock),
    index: context.games,
  };
}

/** The page a collection request asked for, with the total it matched (§2 PaginationMeta, links). */
function pageRequest(
  req: Request,
  resourceUrl: string,
  paging: { page: number; perPage: number },
  total: number,
): PageRequest {
  return {
    page: paging.page,
    perPage: paging.perPage,
    total,
    resourceUrl,
    rawQuery: rawQueryOf(req.originalUrl),
  };
}

/** What the representations' faults and variants are applied with (deviations/representation.ts). */
function deviationsOf(context: AppContext): Deviations {
  return { faults: context.faults, variants: context.variants, index: context.games };
}

function query(req: Request): RawQuery {
  return req.query as RawQuery;
}

/** D17: an id that is not a positive integer names no resource. */
function pathId(params: PathParams, name: string): number | undefined {
  const text = params[name];
  return text === undefined ? undefined : parsePositiveInteger(text);
}

/**
 * Blind fault `blind16-non-numeric-game-id-422`: the `gameId` path parameter checked by the request
 * validator the query parameters share, which refuses an id not made of digits with 422. True when answered.
 */
function refusedGameIdText(res: Response, params: PathParams, context: AppContext): boolean {
  const text = params.gameId;
  if (!blindFault(context.faults, 'blind16-non-numeric-game-id-422') || text === undefined) return false;
  if (/^[0-9]+$/.test(text)) return false;
  sendError(res, 'invalid_filter', "Path parameter 'gameId' must be an integer.", {
    parameter: 'gameId',
    value: text,
  });
  return true;
}

function findGame(params: PathParams, context: AppContext): GameRecord | undefined {
  const id = pathId(params, 'gameId');
  return id === undefined ? undefined : context.games.game(id);
}

/** Answers a domain module's result: its body with 200, or its error as the envelope. */
function sendResult(res: Response, result: DomainResult<unknown>): void {
  if ('ok' in result) {
    sendJson(res, 200, result.ok);
    return;
  }
  const { code, message, details } = result.error;
  if (!isErrorCode(code)) throw new Error(`Domain module returned an unregistered error code: ${code}`);
  sendError(res, code, message, details);
}

/** Whether GET /games pages are written from the games' kept JSON (game-summary-json.ts): without deviations. */
export function writesKeptSummaries(context: AppContext): boolean {
  return context.faults.size === 0 && context.variants.size === 0;
}

/** Blind fault `blind14-detail-from-list-cache`: per server's game index, the clock minute and the representations built in it, by game id. */
const representationCache = new WeakMap<object, { minute: number; games: Map<number, unknown> }>();

/** Blind fault `blind14-detail-from-list-cache`: the representations cached in the current clock minute. */
function cachedRepresentations(context: AppContext): Map<number, unknown> {
  const minute = Math.floor(context.clock.now() / 60_000);
  let kept = representationCache.get(context.games);
  if (kept?.minute !== minute) representationCache.set(context.games, (kept = { minute, games: new Map() }));
  return kept.games;
}

/**
 * Blind faults of set 20 that keep something for a span of clock time: per server's game index (the
 * handlers get a copy of the context per request), by URL or key.
 */
const keptForAWhile = new WeakMap<object, Map<string, Map<string, { until: number; value: unknown }>>>();

/** The store named `name` of this server (blind20 faults' caches and memos). */
function keptStore(context: AppContext, name: string): Map<string, { until: number; value: unknown }> {
  let stores = keptForAWhile.get(context.games);
  if (stores === undefined) keptForAWhile.set(context.games, (stores = new Map()));
  let store = stores.get(name);
  if (store === undefined) stores.set(name, (store = new Map()));
  return store;
}

/** A value kept under `key` until `until` (clock ms), if still fresh at `nowMs`. */
function keptValue<T>(context: AppContext, name: string, key: string, nowMs: number): T | undefined {
  const entry = keptStore(context, name).get(key);
  return entry !== undefined && entry.until > nowMs ? (entry.value as T) : undefined;
}

function keep(context: AppContext, name: string, key: string, value: unknown, until: number): void {
  keptStore(context, name).set(key, { until, value });
}

/** Blind fault `blind20-total-count-cached-five-minutes`: how long a count is kept, in clock ms. */
const COUNT_CACHE_MS = 5 * 60_000;

/**
 * Blind fault `blind20-total-count-cached-five-minutes`: the total of GET /games read from a count cache
 * keyed by the query without `page` and `per_page`, kept five minutes; the rows stay live.
 */
function cachedTotal(req: Request, context: AppContext, liveTotal: number): number {
  if (!blindFault(context.faults, 'blind20-total-count-cached-five-minutes')) return liveTotal;
  const params = new URLSearchParams(rawQueryOf(req.originalUrl));
  params.delete('page');
  params.delete('per_page');
  const key = params.toString();
  const nowMs = context.clock.now();
  const kept = keptValue<number>(context, 'counts', key, nowMs);
  if (kept !== undefined) return kept;
  keep(context, 'counts', key, liveTotal, nowMs + COUNT_CACHE_MS);
  return liveTotal;
}

/**
 * Blind faults of set 29 on GET /games' parameters (set-29-hostile.ts): the query as a mistake about
 * odd input reads it; a mistake that throws reaches the error handler (500 `internal_error`).
 */
function hostileGameParameters(sent: RawQuery, url: string, { faults }: Deviations): RawQuery {
  let raw = sent;
  // Blind fault `blind29-query-decoded-strictly-500`: the search log decodes the raw query with decodeURIComponent.
  if (blindFault(faults, 'blind29-query-decoded-strictly-500')) decodedForSearchLog(url);
  // Blind fault `blind29-query-semicolon-separator`: `;` taken as a separator too.
  if (blindFault(faults, 'blind29-query-semicolon-separator')) raw = queryWithSemicolons(url);
  // Blind fault `blind29-q-term-compiled-as-regexp`: each term compiled as a RegExp before the search.
  if (blindFault(faults, 'blind29-q-term-compiled-as-regexp')) compileTermMatchers(raw);
  // Blind fault `blind29-sort-inherited-name-500`: the sort looked up with `in` on a plain object.
  if (blindFault(faults, 'blind29-sort-inherited-name-500')) sortOrderOf(raw);
  // Blind fault `blind29-flag-read-by-number`: the flags read with `Number(value) === 1`.
  if (blindFault(faults, 'blind29-flag-read-by-number')) raw = flagsReadByNumber(raw);
  // Blind fault `blind29-tag-id-parseint`: the tag ids read with parseInt.
  if (blindFault(faults, 'blind29-tag-id-parseint')) raw = tagIdsReadByParseInt(raw);
  return raw;
}

/**
 * Blind faults of set 30 on GET /games' parameters (set-30-text.ts): the query as a mistake about
 * text reads it (each guard changes nothing on a query of plain ASCII words).
 */
function textGameParameters(sent: RawQuery, url: string, { faults }: Deviations): RawQuery {
  let raw = sent;
  // Blind fault `blind30-games-query-unescaped`: the query string parsed by hand and decoded with unescape().
  if (blindFault(faults, 'blind30-games-query-unescaped')) raw = queryObjectUnescaped(url);
  // Blind fault `blind30-q-percent-decoded-twice`: `q` percent-decoded once more by the search service.
  if (blindFault(faults, 'blind30-q-percent-decoded-twice')) raw = qDecodedTwice(raw);
  // Blind fault `blind30-q-accents-folded`: the terms compared through an accent-insensitive collation.
  if (blindFault(faults, 'blind30-q-accents-folded')) raw = termsAccentFolded(raw);
  // Blind fault `blind30-q-term-cut-at-nul`: each term handed to a C binding as a NUL-terminated string.
  if (blindFault(faults, 'blind30-q-term-cut-at-nul')) raw = termsCutAtNul(raw);
  // Blind fault `blind30-q-split-on-ascii-whitespace`: `q` split on ASCII whitespace only.
  if (blindFault(faults, 'blind30-q-split-on-ascii-whitespace')) raw = unicodeSpacesKeptInTerms(raw);
  return raw;
}

/** Blind faults of set 30 on GET /games' links and headers (set-30-text.ts). */
function textGameLinks(req: Request, res: Response, request: PageRequest, { faults }: Deviations): void {
  // Blind fault `blind30-games-query-unescaped`: the links built from the parameters as that parser read them.
  if (blindFault(faults, 'blind30-games-query-unescaped'))
    request.rawQuery = linkQueryUnescaped(req.originalUrl);
  // Blind fault `blind30-games-link-header-decoded-500`: a Link header of the pages written with decoded text
  // (Node throws on a character beyond U+00FF; the error handler answers 500).
  if (blindFault(faults, 'blind30-games-link-header-decoded-500'))
    res.setHeader('Link', decodedLinkHeader(request));
}

/**
 * Blind faults of set 31 on GET /games' parameters (set-31-leaks.ts): the query with what earlier
 * requests left in the handler's longer-lived state.
 */
function leakyGameParameters(sent: RawQuery, context: AppContext): RawQuery {
  const { faults } = context;
  let raw = sent;
  // Blind fault `blind31-games-enum-defaults-mutated`: `Object.assign(DEFAULTS, picked)` writes into the defaults.
  if (blindFault(faults, 'blind31-games-enum-defaults-mutated')) raw = enumDefaultsMutated(faults, raw);
  // Blind fault `blind31-games-flags-left-by-refused-request`: the flags a refused request left on the filter list.
  if (blindFault(faults, 'blind31-games-flags-left-by-refused-request')) raw = flagsLeftOver(faults, raw);
  // Blind fault `blind31-tags-taxonomy-overwritten-by-filter`: the tag-id validator's load assigned to the taxonomy variable.
  if (blindFault(faults, 'blind31-tags-taxonomy-overwritten-by-filter'))
    taxonomyLoadedForFilter(faults, raw, context.dataset.taxonomy);
  return raw;
}

/** Blind faults of set 32 on GET /games' parameters (set-32-members.ts): one sort, one tag parameter, misread. */
function memberGameParameters(sent: RawQuery, { faults }: Deviations): RawQuery {
  let raw = sent;
  if (blindFault(faults, 'blind32-sort-most-reviewed-missing-from-list')) raw = sortOfShortList(raw);
  if (blindFault(faults, 'blind32-player-killing-parameter-misspelled')) raw = playerKillingUnread(raw);
  return raw;
}

/** Blind fault `blind36-bare-tag-parameter-ignored` (set-36-assistant.ts): the bracketed tag parameters read alone. */
function assistantGameParameters(raw: RawQuery, { faults }: Deviations): RawQuery {
  return blindFault(faults, 'blind36-bare-tag-parameter-ignored') ? bareTagParametersUnread(raw) : raw;
}

/** Which of set 36's game-field mistakes are on (set-36-assistant.ts). */
function gameFieldMistakes({ faults }: Deviations): GameFieldMistakes {
  return {
    averageRatingUndefined: blindFault(faults, 'blind36-average-rating-undefined-dropped'),
    playUrlNormalised: blindFault(faults, 'blind36-web-only-play-url-normalised'),
    archiveReasonScreaming: blindFault(faults, 'blind36-archive-reason-screaming-case'),
  };
}

/** Blind fault `blind37-sort-typo-matched-to-nearest` (set-37-hotfixes.ts): a misspelt sort read as the nearest one. */
function hotfixGameParameters(raw: RawQuery, { faults }: Deviations): RawQuery {
  return blindFault(faults, 'blind37-sort-typo-matched-to-nearest') ? sortTypoCorrected(raw) : raw;
}

/** Set 37's hotfixes of GET /games' results (set-37-hotfixes.ts); undefined when none applies. */
function hotfixGamePage(search: Search, query: GameQuery, { faults }: Deviations): GamePage | undefined {
  // Blind fault `blind37-mud-client-excludes-games-with-website`: mud_client read as "no website".
  if (blindFault(faults, 'blind37-mud-client-excludes-games-with-website')) {
    const page = mudClientWithoutWebsite(search, query);
    if (page !== undefined) return page;
  }
  // Blind fault `blind37-q-whole-words-only`: each term matched as a whole word.
  if (blindFault(faults, 'blind37-q-whole-words-only')) {
    const page = wholeWordSearch(search, query);
    if (page !== undefined) return page;
  }
  // Blind fault `blind37-tag-categories-ored-like-values`: the tag conditions joined with OR across categories.
  if (blindFault(faults, 'blind37-tag-categories-ored-like-values')) return tagCategoriesOred(search, query);
  return undefined;
}

/** Blind fault `blind37-next-link-dropped-before-one-item-page` (set-37-hotfixes.ts): the link helper's tightened test. */
function hotfixLinks<T extends { links: PaginationLinks }>(
  body: T,
  request: PageRequest,
  { faults }: Deviations,
): T {
  return blindFault(faults, 'blind37-next-link-dropped-before-one-item-page')
    ? nextDroppedBeforeOneItemPage(body, request)
    : body;
}

/** Blind fault `blind37-offline-active-game-archive-reason` (set-37-hotfixes.ts): the reason backfilled from the online flag. */
function hotfixGameFields(item: GameSummary | GameDetail, { faults }: Deviations): void {
  if (blindFault(faults, 'blind37-offline-active-game-archive-reason')) offlineGameArchiveReason(item);
}

/** Set 38's leaks of the database underneath on GET /games' results (set-38-database.ts); undefined when none applies. */
function databaseGamePage(
  search: Search,
  query: GameQuery,
  { faults, index }: Deviations,
): GamePage | undefined {
  // Blind fault `blind38-most-reviewed-ties-reordered-past-first-page`: ties of a page with an OFFSET in heapsort order.
  if (blindFault(faults, 'blind38-most-reviewed-ties-reordered-past-first-page')) {
    const page = mostReviewedTiesPastFirstPage(search, query, (id) => index.reviewStats(id).count);
    if (page !== undefined) return page;
  }
  // Blind fault `blind38-tag-join-rows-per-category`: the join on the tags sent, one row per category matched.
  if (blindFault(faults, 'blind38-tag-join-rows-per-category')) {
    const page = tagJoinRowsPerCategory(search, query);
    if (page !== undefined) return page;
  }
  // Blind fault `blind38-q-without-hits-unfiltered`: an empty id list of the search adds no condition.
  if (blindFault(faults, 'blind38-q-without-hits-unfiltered')) {
    const page = emptyHitListDropped(search, query);
    if (page !== undefined) return page;
  }
  // Blind fault `blind38-top-voted-null-ranks-first`: `ORDER BY rank ASC` with MySQL's NULLs first.
  if (blindFault(faults, 'blind38-top-voted-null-ranks-first'))
    return nullRanksFirst(search, query, (id) => index.rank(id));
  return undefined;
}

/** Set 38's leaks of the database underneath on a game's fields, list and detail (set-38-database.ts). */
function databaseGameFields(item: GameSummary | GameDetail, game: GameRecord, { faults }: Deviations): void {
  // Blind fault `blind38-web-only-legacy-empty-connection`: the legacy table's NOT NULL DEFAULT connection columns.
  if (blindFault(faults, 'blind38-web-only-legacy-empty-connection')) legacyEmptyConnection(item, game);
  // Blind fault `blind38-admin-disabled-reason-enum-blank`: an ENUM without 'admin_disabled' stored ''.
  if (blindFault(faults, 'blind38-admin-disabled-reason-enum-blank')) adminDisabledEnumBlank(item);
  // Blind fault `blind38-custom-tags-left-join-null-row`: json_agg over the LEFT JOIN's row of NULLs.
  if (blindFault(faults, 'blind38-custom-tags-left-join-null-row')) customTagsNullRow(item);
}

/** listGames — §4 GET /games. */
export const listGames: OperationHandler = (req, res, _params, context) => {
  const on = deviationsOf(context);
  const asSent = sentQuery(req, context); // Express 5 parses req.query again on every read
  // Blind variant `bv3-games-unknown-parameter-422`: a parameter outside §4's table is refused.
  const unknown = on.variants.has('bv3-games-unknown-parameter-422')
    ? unknownGameParameter(asSent)
    : undefined;
  if (unknown !== undefined) {
    sendError(res, 'invalid_filter', `Unknown parameter '${unknown}'.`, { parameter: unknown });
    return;
  }
  const sent =
    on.faults.size === 0
      ? asSent
      : memberGameParameters(
          leakyGameParameters(
            textGameParameters(hostileGameParameters(asSent, req.originalUrl, on), req.originalUrl, on),
            context,
          ),
          on,
        );
  const raw =
    on.faults.size === 0
      ? sent
      : hotfixGameParameters(assistantGameParameters(numberedGameParameters(sent, on), on), on);
  const perPageRefused =
    refusedPerPage(raw, on) ??
    blindRefusedGameParameters(raw, on) ??
    // Blind fault `blind35-games-page-bounded-like-per-page`: `page` validated by the line copied from `per_page`'s.
    (on.faults.size > 0 && blindFault(on.faults, 'blind35-games-page-bounded-like-per-page')
      ? pageBoundedLikePerPage(raw)
      : undefined);
  if (perPageRefused) {
    sendResult(res, perPageRefused);
    return;
  }
  const parsed = parseGameQuery(
    deviateGameParameters(
      on.faults.size === 0 ? raw : migratedGameParameters(portedGameParameters(raw, on), on),
      on,
      req.originalUrl,
    ),
    combinationsInArrivalOrder(copiedGameQueryRules(gameQueryRules(on), on), req.originalUrl, on),
  );
  if ('error' in parsed) {
    // Blind fault `blind31-games-flags-left-by-refused-request`: the refused request's flags stay on the list.
    if (on.faults.size > 0 && blindFault(on.faults, 'blind31-games-flags-left-by-refused-request'))
      flagsOfRefusedRequest(on.faults, raw);
    // Blind fault `blind3-web-only-online-recently-400`: the combination refused as a bad request.
    const { details } = parsed.error as { details?: { parameter?: string } };
    if (
      blindFault(on.faults, 'blind3-web-only-online-recently-400') &&
      details?.parameter === 'online_recently' &&
      raw.connection_type === 'web_only' &&
      raw.online_recently === '1'
    ) {
      sendJson(
        res,
        400,
        errorEnvelope('invalid_filter', res.locals.requestId, parsed.error.message, details),
      );
      return;
    }
    // Blind fault `blind4-web-only-sort-combination-code`: the sort combination given a code of its own.
    if (
      blindFault(on.faults, 'blind4-web-only-sort-combination-code') &&
      details?.parameter === 'sort' &&
      raw.connection_type === 'web_only' &&
      raw.sort === 'recently_online'
    ) {
      const envelope = errorEnvelope('invalid_filter', res.locals.requestId, parsed.error.message, details);
      sendJson(res, 422, { ...envelope, error: { ...envelope.error, code: 'invalid_filter_combination' } });
      return;
    }
    sendResult(res, parsed);
    return;
  }
  const games = deviateGameQuery(parsed.ok, raw, on, req.originalUrl);
  // Blind fault `blind36-recently-online-sort-spelled-like-flag`: the sort enum spells the sort like the flag.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind36-recently-online-sort-spelled-like-flag'))
    sortSpelledLikeFlag(games, raw);
  // Blind fault `blind24-tag-id-wraps-at-2-32`: the tag ids copied into an Int32Array for the lookup.
  if (blindFault(on.faults, 'blind24-tag-id-wraps-at-2-32')) games.tagIds = int32TagIds(games.tagIds);
  // Blind fault `blind23-search-v2-per-page-100`: a search's page size as the v2 search service takes it (up to 100).
  const searchPerPage = blindFault(on.faults, 'blind23-search-v2-per-page-100')
    ? v2SearchPerPage(raw)
    : undefined;
  if (searchPerPage !== undefined) games.perPage = searchPerPage;
  // Blind fault `blind7-q-apostrophe-500`: a term pasted unescaped into the search query, which fails on a quote.
  if (blindFault(on.faults, 'blind7-q-apostrophe-500') && games.terms.some((term) => term.includes("'"))) {
    sendError(res, 'internal_error');
    return;
  }
  const refused = refusedTagIds(games, on);
  if (refused) {
    sendResult(res, refused);
    return;
  }
  const represent = representationContext(req, context);
  let page = searchGames(context.games, games, represent.now, on, raw);
  // Blind set 25: the games read through a second door (a sort or filter reading another column).
  if (on.faults.size > 0) page = consistencyGamePage(context.games, games, represent.now, on, raw) ?? page;
  if (on.faults.size > 0) page = misreadGamePage(context.games, games, represent.now, on, raw) ?? page;
  // Fault `q-or-operator`: a standalone `or` in `q` read as a web search box's operator (either side enough).
  if (on.faults.has('q-or-operator')) {
    page =
      orOperatorSearch((query) => searchGames(context.games, query, represent.now, on, raw), games) ?? page;
  }
  if (on.faults.size > 0) page = collateralGamePage(context.games, games, represent.now, on, raw) ?? page;
  if (on.faults.size > 0) page = calendarGamePage(context.games, games, represent.now, on, raw) ?? page;
  if (
    on.faults.size > 0 &&
    blindFault(on.faults, 'blind32-online-recently-window-of-recently-updated') &&
    games.onlineRecently
  )
    page = onlineWithinThirtyDays(
      (asked) => searchGames(context.games, asked, represent.now, on, raw),
      games,
      represent.now,
    );
  // Blind faults of set 33: a rare tag value, the longest search document, a two-digit review count.
  if (on.faults.size > 0) page = rarePage(context.games, games, represent.now, on, raw) ?? page;
  // Blind faults of set 34: top_voted's keyset written as two ANDed conditions, deep pages in id order.
  if (on.faults.size > 0) page = deepGamePage(context.games, games, represent.now, on, raw) ?? page;
  // Blind fault of set 35: `most_reviewed`'s comparator copied from `top_voted`'s, its key not changed.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind35-most-reviewed-keyed-on-votes'))
    page =
      mostReviewedKeyedOnVotes((asked) => searchGames(context.games, asked, represent.now, on, raw), games) ??
      page;
  // Blind fault `blind36-q-skips-full-description`: the search written over the summary's fields only.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind36-q-skips-full-description'))
    page =
      searchWithoutDescription((asked) => searchGames(context.games, asked, represent.now, on, raw), games) ??
      page;
  // Blind faults of set 37 on the results (set-37-hotfixes.ts).
  if (on.faults.size > 0)
    page =
      hotfixGamePage((asked) => searchGames(context.games, asked, represent.now, on, raw), games, on) ?? page;
  // Blind faults of set 38 on the results (set-38-database.ts).
  if (on.faults.size > 0)
    page =
      databaseGamePage((asked) => searchGames(context.games, asked, represent.now, on, raw), games, on) ??
      page;
  // Blind fault `blind24-page-fractional-accepted`: a fractional page, its offset `(page − 1) × per_page`.
  const fraction = blindFault(on.faults, 'blind24-page-fractional-accepted')
    ? fractionalPage(sent)
    : undefined;
  if (fraction !== undefined) {
    const offset = Math.floor((fraction - 1) * games.perPage);
    const wide = searchGames(
      context.games,
      { ...games, page: 1, perPage: offset + games.perPage },
      represent.now,
      on,
      raw,
    );
    page = { total: wide.total, games: wide.games.slice(offset) };
    games.page = fraction;
  }
  // Blind fault `blind24-repeated-tag-id-counted-twice`: the total counted over the sent ids, repeats included.
  let total = page.total;
  if (blindFault(on.faults, 'blind24-repeated-tag-id-counted-twice') && tagIdsDeduplicated(sent)) {
    const matching = searchGames(
      context.games,
      { ...games, page: 1, perPage: Math.max(1, page.total) },
      represent.now,
      on,
      raw,
    ).games;
    total = totalCountingSentIds(sent, matching);
  }
  // Blind fault `blind34-games-total-from-short-page`: the count skipped on a page neither full nor empty.
  if (blindFault(on.faults, 'blind34-games-total-from-short-page'))
    total = totalFromShortPage(page.games.length, games.perPage) ?? total;
  // Blind fault `blind38-total-from-planner-estimate`: an unconditioned query's total from the planner's estimate.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind38-total-from-planner-estimate'))
    total = plannerEstimateTotal(games, context.dataset.games.length) ?? total;
  const beyond = refusedPageBeyondLast(games, page.total, on);
  if (beyond) {
    sendResult(res, beyond);
    return;
  }
  const request = pageRequest(req, `${represent.apiBase}/games`, games, cachedTotal(req, context, total));
  if (on.faults.size > 0) textGameLinks(req, res, request, on);
  // Blind fault `blind31-games-link-params-never-cleared`: the links' parameters from a per-process map never cleared.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind31-games-link-params-never-cleared'))
    request.rawQuery = linkQueryNeverCleared(on.faults, request.rawQuery);
  if (writesKeptSummaries(context)) {
    sendJsonBuffer(res, gamesPageBytes(pageIds(page), represent, request));
    return;
  }
  const data = page.games.map((game) => deviateGame(gameSummary(game, represent), game, on));
  // Blind fault `blind14-detail-from-list-cache`: a per-game representation cache, filled here with the summaries.
  if (blindFault(on.faults, 'blind14-detail-from-list-cache')) {
    const cached = cachedRepresentations(context);
    page.games.forEach((game, i) => {
      if (!cached.has(game.id)) cached.set(game.id, structuredClone(data[i]));
    });
  }
  // Blind fault `blind20-list-status-hourly-snapshot`: the items' status as the view refreshed on the hour has it.
  if (blindFault(on.faults, 'blind20-list-status-hourly-snapshot')) {
    const refreshed = Math.floor(represent.now / 3600) * 3600;
    page.games.forEach((game, i) => (data[i]!.status = gameStatus(game, refreshed)));
  }
  // Blind fault `blind-summary-self-link-slug`: the list's self links built from the listing slug.
  if (blindFault(on.faults, 'blind-summary-self-link-slug')) {
    page.games.forEach((game, i) => (data[i]!.urls.self = `${represent.apiBase}/games/${game.slug}`));
  }
  // Blind fault `blind9-rank-within-filtered-results`: the rank numbered over the query's matches (a window function).
  const ranks = blindFault(on.faults, 'blind9-rank-within-filtered-results')
    ? ranksWithinResults(context.games, games, represent.now, on, raw)
    : undefined;
  if (ranks !== undefined) {
    page.games.forEach((game, i) => (data[i]!.ranking.rank = ranks.get(game.id) ?? null));
  }
  // Blind fault `blind6-list-intro-truncated`: the list's intro cut as a preview, with an ellipsis.
  if (blindFault(on.faults, 'blind6-list-intro-truncated')) {
    for (const item of data) if (item.intro.length > 80) item.intro = `${item.intro.slice(0, 79)}…`;
  }
  // Blind fault `blind2-summary-custom-tags-empty`: the list query does not join the custom tags.
  if (blindFault(on.faults, 'blind2-summary-custom-tags-empty'))
    data.forEach((item) => (item.tags.custom = []));
  // Blind fault `blind2-empty-search-404`: a search without results answered as "not found".
  if (blindFault(on.faults, 'blind2-empty-search-404') && games.terms.length > 0 && page.total === 0) {
    sendError(res, 'game_not_found');
    return;
  }
  // Blind variant `bv3-summary-without-optional-members`: the members §2 makes optional in a summary left out.
  if (on.variants.has('bv3-summary-without-optional-members')) data.forEach(withoutOptionalMembers);
  // Blind fault `blind33-top-voted-rank-null`: zero-based positions read with `||`.
  if (blindFault(on.faults, 'blind33-top-voted-rank-null'))
    data.forEach((item) => (item.ranking.rank = rankThroughZeroBasedPosition(item.ranking.rank)));
  page.games.forEach((game, i) => migrateGameFields(data[i]!, game, represent.now, on));
  page.games.forEach((game, i) => consistencyGameFields(data[i]!, game, represent.now, on, games));
  page.games.forEach((game, i) => misreadGameFields(data[i]!, game, on));
  page.games.forEach((game, i) => collateralGameFields(data[i]!, game, on));
  page.games.forEach((game, i) => numberGameFields(data[i]!, game, represent.now, on, false));
  // Blind faults of set 36: the rating's undefined, the play URL through `new URL`, the enum's spelling.
  if (on.faults.size > 0)
    page.games.forEach((game, i) => assistantGameFields(data[i]!, game, gameFieldMistakes(on)));
  if (on.faults.size > 0) data.forEach((item) => hotfixGameFields(item, on));
  if (on.faults.size > 0) page.games.forEach((game, i) => databaseGameFields(data[i]!, game, on));
  data.forEach((item) => portGameFields(item, on));
  // Blind variants `bv4-links-first-last`, `bv4-meta-total-pages`: first and last links, the number of pages.
  sendPortedGames(
    res,
    portCollection(
      pagedWithExtras(
        linksAsAsked(
          collateralCollection(
            misreadCollection(
              numberedLinks(
                hotfixLinks(
                  pastEndLinks(deviateCollection(collection(data, request), request, on), request, on),
                  request,
                  on,
                ),
                request,
                on,
              ),
              request,
              on,
              'games',
            ),
            request,
            on,
          ),
          on.variants,
        ),
        request,
        on.variants,
      ),
      on,
    ),
    on,
  );
};

/** Blind faults of set 33 on GET /games (set-33-rare.ts): a rare tag value, the longest document, a two-digit review count; undefined when untouched. */
function rarePage(
  index: GameIndex,
  query: GameQuery,
  now: number,
  on: Deviations,
  raw: RawQuery,
): GamePage | undefined {
  const mistakes = {
    rareTagValues: blindFault(on.faults, 'blind33-tag-filter-rare-value-matches-nothing'),
    searchCut: blindFault(on.faults, 'blind33-q-search-document-cut-at-1000'),
    countsAsText: blindFault(on.faults, 'blind33-most-reviewed-counts-compared-as-text'),
  };
  if (!mistakes.rareTagValues && !mistakes.searchCut && !mistakes.countsAsText) return undefined;
  return rareRecordGamePage((asked) => searchGames(index, asked, now, on, raw), query, index, mistakes);
}

/** Blind faults of set 34 on GET /games' pages (set-34-pages.ts): top_voted's keyset, deep pages in id order; undefined when untouched. */
function deepGamePage(
  index: GameIndex,
  query: GameQuery,
  now: number,
  on: Deviations,
  raw: RawQuery,
): GamePage | undefined {
  const mistakes = {
    keysetAnd: blindFault(on.faults, 'blind34-top-voted-keyset-and-condition'),
    deepIdOrder: blindFault(on.faults, 'blind34-games-deep-pages-in-id-order'),
  };
  if (!mistakes.keysetAnd && !mistakes.deepIdOrder) return undefined;
  return beyondFirstGamePage((asked) => searchGames(index, asked, now, on, raw), query, mistakes);
}

/** Blind fault `blind35-web-only-sort-check-copied-from-flag`: the sort's combination rule a copy of the flag's; the rules as they are when off. */
function copiedGameQueryRules(rules: GameQueryRules, { faults }: Deviations): GameQueryRules {
  return blindFault(faults, 'blind35-web-only-sort-check-copied-from-flag')
    ? sortRuleCopiedFromFlag(rules)
    : rules;
}

/** Blind fault `blind34-games-past-end-next-link`: a page past the end linked on to the page after it. */
function pastEndLinks<T extends { links: PaginationLinks }>(
  body: T,
  request: PageRequest,
  { faults }: Deviations,
): T {
  return blindFault(faults, 'blind34-games-past-end-next-link') ? pastEndNextLink(body, request) : body;
}

/** Blind faults of set 24 on GET /games' parameters: the clamp of GET /reviews, repeated tag ids made unique, a fractional page. */
function numberedGameParameters(sent: RawQuery, on: Deviations): RawQuery {
  let raw = sent;
  if (blindFault(on.faults, 'blind24-per-page-clamped')) raw = clampedPerPage(raw);
  if (blindFault(on.faults, 'blind24-repeated-tag-id-counted-twice')) raw = tagIdsDeduplicated(raw) ?? raw;
  // The fractional page passes the check (`Number(page) >= 1`); the page is set after parsing.
  if (blindFault(on.faults, 'blind24-page-fractional-accepted') && fractionalPage(raw) !== undefined)
    raw = { ...raw, page: '1' };
  return raw;
}

/** Blind fault `blind24-previous-link-beyond-last`: `previous` whenever `page > 1`. */
function numberedLinks<T extends { links: PaginationLinks }>(
  body: T,
  request: PageRequest,
  on: Deviations,
): T {
  if (blindFault(on.faults, 'blind24-previous-link-beyond-last'))
    body.links = previousWheneverPageAboveOne(body.links, request);
  return body;
}

/** Blind faults of set 24 on a game's representation: its latest players and its review block. */
function numberGameFields(
  item: GameSummary,
  game: GameRecord,
  now: number,
  on: Deviations,
  detail: boolean,
): void {
  // Blind fault `blind24-latest-players-hour-mean`: the latest count smoothed over the last hour's crawls.
  if (blindFault(on.faults, 'blind24-latest-players-hour-mean') && item.status.latest_players !== null)
    item.status.latest_players = latestHourMean(game, now);
  // Blind fault `blind24-review-stats-nightly-rollup`: the review counters as rolled up at the last midnight.
  if (blindFault(on.faults, 'blind24-review-stats-nightly-rollup'))
    item.reviews = nightlyReviewBlock(on.index.dataset, game.id, now);
  // Blind fault `blind24-detail-review-stats-first-page`: the detail's block from the 20 newest reviews.
  if (detail && blindFault(on.faults, 'blind24-detail-review-stats-first-page'))
    item.reviews = firstPageReviewBlock(on.index.dataset, game.id);
  // Blind fault `blind24-average-rating-running-mean`: the average kept as `(avg + rating) / 2`.
  if (blindFault(on.faults, 'blind24-average-rating-running-mean'))
    item.reviews.average_rating = runningMeanRating(on.index.dataset, game.id);
}

/**
 * Blind set 25: GET /games' whole result read through a second door (set-25-consistency.ts) and
 * paged again, or undefined when none of those faults is on.
 */
function consistencyGamePage(
  index: GameIndex,
  games: GameQuery,
  now: number,
  on: Deviations,
  raw: RawQuery,
): GamePage | undefined {
  const neverEdited =
    blindFault(on.faults, 'blind25-last-updated-never-edited-last') && games.sort === 'last_updated';
  const votes = blindFault(on.faults, 'blind25-top-voted-drops-unvoted') && games.sort === 'top_voted';
  const counters =
    blindFault(on.faults, 'blind25-review-counter-drops-edited') &&
    (games.hasReviews || games.sort === 'most_reviewed');
  const reachable =
    blindFault(on.faults, 'blind25-mud-client-drops-unreachable') && games.connectionType === 'mud_client';
  const indexed = blindFault(on.faults, 'blind25-search-misses-updated-this-week') && games.terms.length > 0;
  if (!neverEdited && !votes && !counters && !reachable && !indexed) return undefined;
  const asked = { ...games, page: 1, perPage: Number.MAX_SAFE_INTEGER };
  // The counter is the filter: the games with reviews are read from it, not from the index.
  if (counters) asked.hasReviews = false;
  let all = searchGames(index, asked, now, on, raw).games;
  if (neverEdited) all = neverEditedLast(all);
  if (votes) all = withVoteRows(all);
  if (counters) all = throughReviewCounters(index.dataset, all, games);
  if (reachable) all = reachableOnly(all);
  if (indexed) all = indexedBeforeThisWeek(all, now);
  const first = (games.page - 1) * games.perPage;
  return { total: all.length, games: all.slice(first, first + games.perPage) };
}

/**
 * Blind set 25 on a game's representation (GET /games items, and the detail when `query` is
 * undefined): the search document's name, the card's custom tags, the reconnect event.
 */
function consistencyGameFields(
  item: GameSummary,
  game: GameRecord,
  now: number,
  on: Deviations,
  query: GameQuery | undefined,
): void {
  if (on.faults.size === 0) return;
  // Blind fault `blind25-search-names-from-index-lowercased`: a search's items rendered from the analysed document.
  if (
    query !== undefined &&
    query.terms.length > 0 &&
    blindFault(on.faults, 'blind25-search-names-from-index-lowercased')
  )
    item.name = item.name.toLowerCase();
  // Blind fault `blind25-list-custom-tags-first-three`: the list's custom tags from the card preview.
  if (query !== undefined && blindFault(on.faults, 'blind25-list-custom-tags-first-three'))
    item.tags.custom = item.tags.custom.slice(0, 3);
  // Blind fault `blind25-last-connect-is-reconnect-time`: the last "came back online" event wins.
  if (blindFault(on.faults, 'blind25-last-connect-is-reconnect-time') && !game.webOnly) {
    const reconnect = lastReconnect(game, now);
    if (reconnect !== undefined) item.status.last_successful_connect = reconnect;
  }
}

/** Blind set 25 on a review (GET /reviews items, GET /reviews/{id}): an edit's timestamp, the crawler's mark. */
function consistencyReview<T extends ReviewSummary>(served: T, review: ReviewRecord, on: Deviations): T {
  if (on.faults.size === 0) return served;
  let changed = served;
  // Blind fault `blind25-review-submitted-bumped-by-edit`: ON UPDATE CURRENT_TIMESTAMP on the submission column.
  if (blindFault(on.faults, 'blind25-review-submitted-bumped-by-edit') && changed.dates.edited !== null)
    changed = { ...changed, dates: { ...changed.dates, submitted: changed.dates.edited } };
  // Blind fault `blind25-review-game-archived-from-crawl-end`: the crawler's end-of-crawl mark read as archived.
  if (blindFault(on.faults, 'blind25-review-game-archived-from-crawl-end')) {
    const game = on.index.game(review.gameId);
    if (game !== undefined && stoppedAnswering(game))
      changed = { ...changed, game: { ...changed.game, archived: true } };
  }
  return changed;
}

/** Blind faults `blind23-connection-type-v2-values-accepted`, `blind23-search-v2-per-page-100`: the parameters as the parser shared with v2 reads them. */
/**
 * Blind faults of set 26 that read GET /games' whole result another way (set-26-misreadings.ts):
 * quoted phrases, a `-`-prefixed sort, "updated" as crawled, one category's two names ANDed.
 */
function misreadGamePage(
  index: GameIndex,
  games: GameQuery,
  now: number,
  on: Deviations,
  raw: RawQuery,
): GamePage | undefined {
  const search = (query: GameQuery) => searchGames(index, query, now, on, raw);
  if (blindFault(on.faults, 'blind26-q-quoted-phrase') && typeof raw.q === 'string' && raw.q.includes('"'))
    return phraseSearch(search, games, raw.q);
  const minus = blindFault(on.faults, 'blind26-sort-minus-prefix-descending')
    ? minusPrefixedSort(raw.sort)
    : undefined;
  if (minus !== undefined) return reversedSort(search, games, minus);
  if (blindFault(on.faults, 'blind26-recently-updated-reads-last-crawl') && games.recentlyUpdated)
    return crawledRecently(search, games, now);
  if (blindFault(on.faults, 'blind26-tag-bare-and-bracketed-anded'))
    return bareAndBracketedAnded(search, games, raw);
  return undefined;
}

/** Blind faults of set 26 on a game's representation (GET /games items and the detail). */
function misreadGameFields(item: GameSummary, game: GameRecord, { faults }: Deviations): void {
  if (faults.size === 0) return;
  // Blind fault `blind26-web-only-connection-null`: "connection values are null" read as a null connection.
  if (blindFault(faults, 'blind26-web-only-connection-null') && game.webOnly)
    (item as { connection: unknown }).connection = null;
  // Blind fault `blind26-latest-players-zero-null`: `latest_players || null`.
  if (blindFault(faults, 'blind26-latest-players-zero-null') && item.status.latest_players === 0)
    item.status.latest_players = null;
  // Blind fault `blind26-reviews-link-nested-route`: the reviews link built as a sub-resource of the game.
  if (blindFault(faults, 'blind26-reviews-link-nested-route') && item.urls.reviews !== undefined)
    item.urls.reviews = `${item.urls.self}/reviews`;
}

/** Blind faults of set 26 on a collection's links and meta (GET /games, GET /reviews). */
function misreadCollection<T extends { meta: { per_page: number }; links: PaginationLinks }>(
  body: T,
  request: PageRequest,
  { faults }: Deviations,
  of: 'games' | 'reviews',
  raw?: RawQuery,
): T {
  if (faults.size === 0) return body;
  // Blind fault `blind26-links-documented-params-only`: "the query parameters" read as the documented ones.
  if (blindFault(faults, 'blind26-links-documented-params-only'))
    body.links = documentedParamsLinks(request, of);
  // Blind fault `blind26-reviews-meta-per-page-as-sent`: `meta.per_page` echoing the integer sent.
  const sentPerPage =
    raw !== undefined && blindFault(faults, 'blind26-reviews-meta-per-page-as-sent')
      ? perPageAsSent(raw)
      : undefined;
  if (sentPerPage !== undefined) body.meta.per_page = sentPerPage;
  return body;
}

/** Blind fault `blind26-review-dates-week-based-year`: the review's dates written with a `YYYY` pattern. */
function misreadReview<T extends ReviewSummary>(review: T, { faults }: Deviations): T {
  if (faults.size === 0 || !blindFault(faults, 'blind26-review-dates-week-based-year')) return review;
  return reviewWithWeekYears(review);
}

/**
 * Blind fault `blind27-q-letters-only-terms` (set-27.ts): the search's terms through the
 * autocomplete's letters-only normaliser, or undefined when it is off or there is no search.
 */
function collateralGamePage(
  index: GameIndex,
  games: GameQuery,
  now: number,
  on: Deviations,
  raw: RawQuery,
): GamePage | undefined {
  if (!blindFault(on.faults, 'blind27-q-letters-only-terms') || games.terms.length === 0) return undefined;
  return searchGames(index, { ...games, terms: lettersOnlyTerms(games.terms) }, now, on, raw);
}

/** Blind faults of set 28 on GET /games (set-28-calendar.ts): a window in hours, a sort on the day. */
function calendarGamePage(
  index: GameIndex,
  games: GameQuery,
  now: number,
  on: Deviations,
  raw: RawQuery,
): GamePage | undefined {
  const search = (query: GameQuery) => searchGames(index, query, now, on, raw);
  if (blindFault(on.faults, 'blind28-recently-updated-window-hours') && games.recentlyUpdated)
    return updatedWithinThirtyHours(search, games, now);
  if (
    blindFault(on.faults, 'blind28-newest-listed-day-only') &&
    (games.sort === 'newest' || games.sort === 'oldest')
  )
    return listedByDayOnly(search, games);
  return undefined;
}

/** Blind fault `blind27-updated-bumped-by-review`: the review widget's "last activity" as `dates.updated`. */
function collateralGameFields(item: GameSummary, game: GameRecord, { faults, index }: Deviations): void {
  if (faults.size === 0) return;
  if (blindFault(faults, 'blind27-updated-bumped-by-review'))
    item.dates.updated = formatUtcTimestamp(lastActivity(index.dataset, game));
}

/** Blind fault `blind27-links-drop-empty-params`: the links without the parameters sent empty. */
function collateralCollection<T extends { links: PaginationLinks }>(
  body: T,
  request: PageRequest,
  { faults }: Deviations,
): T {
  if (faults.size > 0 && blindFault(faults, 'blind27-links-drop-empty-params'))
    body.links = linksWithoutEmptyParams(request);
  return body;
}

/** Blind faults of set 27 on reviews: the crawl-slot floor of the dates; the body's emphasis stripped. */
function collateralReview<T extends ReviewSummary>(review: T, { faults }: Deviations): T {
  if (faults.size === 0) return review;
  let changed = review;
  if (blindFault(faults, 'blind27-review-dates-floored-to-crawl-slot')) changed = reviewOnCrawlSlots(changed);
  const body = (changed as { body?: unknown }).body;
  if (blindFault(faults, 'blind27-review-body-emphasis-stripped') && typeof body === 'string')
    changed = { ...changed, body: emphasisStripped(body) };
  // Blind fault `blind28-review-dates-leap-year-day-late` (set 28): the common year's month table.
  if (blindFault(faults, 'blind28-review-dates-leap-year-day-late')) changed = reviewDatesLeapLate(changed);
  return changed;
}

function migratedGameParameters(raw: RawQuery, on: Deviations): RawQuery {
  let migrated = raw;
  if (blindFault(on.faults, 'blind23-connection-type-v2-values-accepted'))
    migrated = v1ConnectionType(migrated);
  // The search's page size is validated by the v2 search service, not here (restored after parsing).
  if (blindFault(on.faults, 'blind23-search-v2-per-page-100') && v2SearchPerPage(migrated) !== undefined)
    migrated = { ...migrated, per_page: '50' };
  return migrated;
}

/** Blind faults of set 23 on a game's representation: the records stored or written by v2. */
function migrateGameFields(item: GameSummary, game: GameRecord, now: number, on: Deviations): void {
  // Blind fault `blind23-v2-links-on-new-shard`: the new shard's link builder writes the v2 base.
  if (blindFault(on.faults, 'blind23-v2-links-on-new-shard') && game.id >= V2_SHARD_FIRST_ID)
    v2ShardLinks(item.urls);
  // Blind fault `blind23-average-rating-v2-name-recent-reviews`: the v2 stats row of a game reviewed in the last 14 days.
  if (
    blindFault(on.faults, 'blind23-average-rating-v2-name-recent-reviews') &&
    statsRowInV2(on.index, game.id, now)
  )
    item.reviews = v2ReviewStats(item.reviews);
  // Blind fault `blind23-categories-v2-arrays-recently-edited`: v2's multi-valued categories, not unwrapped.
  if (blindFault(on.faults, 'blind23-categories-v2-arrays-recently-edited') && writtenByV2(game, now))
    v2Categories(item.tags);
}

/** Blind faults `blind21-enum-params-case-insensitive`, `blind21-q-turkish-lowercase`: the parameters as a port's libraries read them. */
function portedGameParameters(raw: RawQuery, on: Deviations): RawQuery {
  let ported = raw;
  if (blindFault(on.faults, 'blind21-enum-params-case-insensitive'))
    ported = lenientEnums(ported, ['sort', 'connection_type']);
  if (blindFault(on.faults, 'blind21-q-turkish-lowercase')) ported = turkishLowerCase(ported);
  return ported;
}

type PortedGame = Pick<GameDetail, 'ranking' | 'status' | 'dates'>;

/** Blind faults of set 21 on a game's representation: how a port's JSON mapper writes its fields. */
function portGameFields(game: PortedGame, on: Deviations): void {
  if (on.faults.size === 0) return;
  // Blind fault `blind21-rank-omitted-when-null`: Jackson's NON_NULL inclusion on the ranking DTO.
  if (blindFault(on.faults, 'blind21-rank-omitted-when-null') && game.ranking.rank === null) {
    delete (game.ranking as { rank?: number | null }).rank;
  }
  // Blind fault `blind21-status-false-flags-omitted`: protobuf JSON leaves out fields holding their default.
  if (blindFault(on.faults, 'blind21-status-false-flags-omitted')) {
    const status = game.status as Partial<GameDetail['status']>;
    for (const flag of ['archived', 'web_only', 'confirmed_online'] as const) {
      if (status[flag] === false) delete status[flag];
    }
  }
  // Blind fault `blind21-dates-seconds-dropped-when-zero`: OffsetDateTime.toString() leaves out zero seconds.
  if (blindFault(on.faults, 'blind21-dates-seconds-dropped-when-zero')) {
    const { created, listed } = game.dates;
    if (created !== null) game.dates.created = created.replace(/:00Z$/, 'Z');
    if (listed !== null) game.dates.listed = listed.replace(/:00Z$/, 'Z');
  }
  // Blind fault `blind21-updated-naive-no-zone`: a naive datetime written by isoformat(), no `Z`.
  if (blindFault(on.faults, 'blind21-updated-naive-no-zone') && game.dates.updated !== null) {
    game.dates.updated = game.dates.updated.replace(/Z$/, '');
  }
}

/** Blind faults of set 21 on a collection's envelope: nulls written, nil slices, Python's urlencode. */
function portCollection<T extends { data: unknown[]; links: PaginationLinks }>(body: T, on: Deviations): T {
  if (on.faults.size === 0) return body;
  // Blind fault `blind21-links-repeated-params-python-repr`: urlencode(dict) without doseq.
  if (blindFault(on.faults, 'blind21-links-repeated-params-python-repr')) {
    const { self, next, previous } = body.links;
    body.links = {
      self: pythonReprQuery(self),
      ...(next === undefined ? {} : { next: pythonReprQuery(next) }),
      ...(previous === undefined ? {} : { previous: pythonReprQuery(previous) }),
    };
  }
  // Blind fault `blind21-links-absent-written-null`: a mapper writing null members.
  if (blindFault(on.faults, 'blind21-links-absent-written-null')) {
    const { self, next, previous } = body.links;
    (body as { links: unknown }).links = { self, next: next ?? null, previous: previous ?? null };
  }
  // Blind fault `blind21-empty-page-data-null`: Go's nil slice written as null.
  if (blindFault(on.faults, 'blind21-empty-page-data-null') && body.data.length === 0) {
    (body as { data: unknown }).data = null;
  }
  return body;
}

/** Blind fault `blind21-average-rating-nan`: json.dumps writes pandas' NaN mean as the bare token NaN. */
function sendPortedGames(res: Response, body: unknown, on: Deviations): void {
  if (blindFault(on.faults, 'blind21-average-rating-nan')) {
    sendJsonText(res, JSON.stringify(body).replaceAll('"average_rating":null', '"average_rating":NaN'));
    return;
  }
  sendJson(res, 200, body);
}

/** getGame — §4 GET /games/{gameId}: archived games included, in their archived representation. */
export const getGame: OperationHandler = (req, res, params, context) => {
  if (refusedGameIdText(res, params, context)) return;
  // Blind fault `blind3-game-id-int32-overflow-500`: the id bound to a 32-bit integer column.
  const id = pathId(params, 'gameId');
  if (
    blindFault(context.faults, 'blind3-game-id-int32-overflow-500') &&
    id !== undefined &&
    id > 2 ** 31 - 1
  ) {
    sendError(res, 'internal_error');
    return;
  }
  // Blind fault `blind6-game-id-parseint`: the path id read with parseInt, trailing characters ignored.
  const leading = blindFault(context.faults, 'blind6-game-id-parseint')
    ? Number.parseInt(params.gameId ?? '', 10)
    : Number.NaN;
  const game = leading >= 1 ? context.games.game(leading) : findGame(params, context);
  // Blind fault `blind10-admin-disabled-detail-404`: the lookup skips the listings an administrator disabled.
  const hidden =
    (blindFault(context.faults, 'blind10-admin-disabled-detail-404') &&
      game?.archiveReason === 'admin_disabled') ||
    // Blind fault `blind33-detail-highest-id-not-found`: an id table one slot short.
    (blindFault(context.faults, 'blind33-detail-highest-id-not-found') &&
      game !== undefined &&
      missingFromIdTable(context.dataset.games, game.id));
  // Blind fault `blind37-missing-game-id-below-highest-410`: a missing id below the newest listing's answered Gone.
  if (
    !game &&
    context.faults.size > 0 &&
    blindFault(context.faults, 'blind37-missing-game-id-below-highest-410') &&
    id !== undefined &&
    context.dataset.games.some((listed) => listed.id > id)
  ) {
    sendJson(
      res,
      410,
      errorEnvelope('game_not_found', res.locals.requestId, 'This listing was deleted and is gone.'),
    );
    return;
  }
  if (!game || hidden) {
    if (context.faults.has('unknown-game-200-null')) sendJson(res, 200, { data: null });
    else sendError(res, 'game_not_found');
    return;
  }
  // Blind fault `blind31-detail-controller-field-overwritten`: the game kept in a controller field across the watcher count's query.
  if (blindFault(context.faults, 'blind31-detail-controller-field-overwritten')) {
    const represent = representationContext(req, context);
    detailFromControllerField(context.faults, game, (current) =>
      sendJson(res, 200, {
        data: deviateGameDetail(gameDetail(current, represent), current, deviationsOf(context)),
      }),
    );
    return;
  }
  // Blind fault `blind16-detail-304-if-modified-since`: Last-Modified from the listing's update, conditional GETs answered 304.
  if (blindFault(context.faults, 'blind16-detail-304-if-modified-since')) {
    res.setHeader('Last-Modified', new Date(game.updated * 1000).toUTCString());
    const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
    if (!Number.isNaN(since) && Math.floor(since / 1000) >= game.updated) {
      res.status(304).end();
      return;
    }
  }
  // Blind fault `blind14-detail-from-list-cache`: whichever representation was built first this minute is served.
  if (blindFault(context.faults, 'blind14-detail-from-list-cache')) {
    const cached = cachedRepresentations(context);
    const kept = cached.get(game.id);
    if (kept !== undefined) {
      sendJson(res, 200, { data: kept });
      return;
    }
    const built = deviateGameDetail(
      gameDetail(game, representationContext(req, context)),
      game,
      deviationsOf(context),
    );
    cached.set(game.id, built);
    sendJson(res, 200, { data: built });
    return;
  }
  const detail = gameDetail(game, representationContext(req, context));
  const served = deviateGameDetail(detail, game, deviationsOf(context));
  // Blind fault `blind30-detail-description-cut-at-512-bytes`: the description read from a 512-byte column.
  if (blindFault(context.faults, 'blind30-detail-description-cut-at-512-bytes'))
    served.description = descriptionCutAt512Bytes(served.description);
  // Blind fault `blind15-detail-updated-bumped-by-view`: the detail's read bumps the row's ON UPDATE CURRENT_TIMESTAMP column.
  if (blindFault(context.faults, 'blind15-detail-updated-bumped-by-view')) {
    served.dates.updated = formatUtcTimestamp(nowSeconds(context.clock));
  }
  if (context.faults.size > 0) {
    const on = deviationsOf(context);
    migrateGameFields(served, game, nowSeconds(context.clock), on);
    numberGameFields(served, game, nowSeconds(context.clock), on, true);
    consistencyGameFields(served, game, nowSeconds(context.clock), on, undefined);
    misreadGameFields(served, game, on);
    collateralGameFields(served, game, on);
    // Blind faults of set 35: `urls.players` and `description` written by the lines copied from their neighbours.
    copiedDetailFields(served, game, {
      playersLinkMssp: blindFault(on.faults, 'blind35-detail-players-link-mssp-path'),
      descriptionIntro: blindFault(on.faults, 'blind35-detail-description-from-intro'),
    });
    // Blind faults of set 36: the rating's undefined, the play URL through `new URL`, the enum's spelling.
    assistantGameFields(served, game, gameFieldMistakes(on));
    hotfixGameFields(served, on);
    databaseGameFields(served, game, on);
    // Blind fault `blind38-detail-review-count-times-custom-tags`: the reviews' and custom tags' joins fanned out.
    if (blindFault(on.faults, 'blind38-detail-review-count-times-custom-tags'))
      reviewCountsFannedOut(served, game);
    // Blind fault `blind37-detail-dates-shifted-to-berlin`: the detail's dates moved to Berlin's wall clock.
    if (blindFault(on.faults, 'blind37-detail-dates-shifted-to-berlin')) detailDatesInBerlin(served);
    // Blind fault `blind32-admin-disabled-detail-rank-kept`: the rank nulled for `non_connectivity` only.
    if (
      blindFault(on.faults, 'blind32-admin-disabled-detail-rank-kept') &&
      game.archiveReason === 'admin_disabled'
    )
      served.ranking.rank = rankAmongListed(on.index.dataset.games, game);
    // Blind fault `blind33-top-voted-rank-null`: zero-based positions read with `||`.
    if (blindFault(on.faults, 'blind33-top-voted-rank-null'))
      served.ranking.rank = rankThroughZeroBasedPosition(served.ranking.rank);
    // Blind fault `blind33-detail-all-unrated-reviews-500`: `reduce` without an initial value over no rating.
    if (blindFault(on.faults, 'blind33-detail-all-unrated-reviews-500')) {
      try {
        detailAverageRating(context.dataset.reviews.filter((review) => review.gameId === game.id));
      } catch {
        sendError(res, 'internal_error');
        return;
      }
    }
    // Blind fault `blind27-detail-links-from-request-url`: the links grown from the request's URL, query kept.
    if (blindFault(on.faults, 'blind27-detail-links-from-request-url'))
      linksFromRequestUrl(served.urls, rawQueryOf(req.originalUrl));
    // Blind fault `blind23-archive-reason-v2-unreachable`: the serializer shared with v2 writes v2's enum.
    if (blindFault(on.faults, 'blind23-archive-reason-v2-unreachable')) v2ArchiveReason(served.status);
    // Blind fault `blind23-detail-canary-description-object`: one detail in five from the v2 serializer.
    if (blindFault(on.faults, 'blind23-detail-canary-description-object') && detailCanaryHit(context.games))
      v2Description(served);
    portGameFields(served, on);
    // Blind fault `blind26-archived-detail-tombstone`: "the archived representation" read as a tombstone.
    const archivedTombstone =
      blindFault(on.faults, 'blind26-archived-detail-tombstone') && game.archiveReason !== null;
    sendPortedGames(res, { data: archivedTombstone ? tombstone(served) : served }, on);
    return;
  }
  sendJson(res, 200, { data: served });
};

/** Variant `repeated-params-first-wins` (D54): `a=1&a=2` reads as `a=1`, as many frameworks' parsers do. */
function firstValues(raw: RawQuery): RawQuery {
  return Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );
}

/**
 * The query as the handlers read it: as parsed, or with each repeated single-valued parameter read
 * as its last value (blind variant `bv3-repeated-parameters-last-wins`).
 */
function sentQuery(req: Request, context: AppContext): RawQuery {
  return context.variants.has('bv3-repeated-parameters-last-wins') ? lastValues(query(req)) : query(req);
}

/** The four game sub-resources share the lookup: 404 `game_not_found`, else the domain module's answer. */
function gameSubResource(
  compute: (game: GameRecord, query: RawQuery, nowMs: number, on: Deviations) => DomainResult<unknown>,
): OperationHandler {
  return (req, res, params, context) => {
    if (refusedGameIdText(res, params, context)) return;
    const game = findGame(params, context);
    const { variants } = context;
    const raw = variants.has('repeated-params-first-wins')
      ? firstValues(query(req))
      : sentQuery(req, context);
    if (!game) {
      // Blind variant `bv3-query-checked-before-game`: the query validated first, its 422 ahead of the 404.
      const refusal = variants.has('bv3-query-checked-before-game')
        ? queryRefusal(
            (standIn) => compute(standIn, raw, context.clock.now(), deviationsOf(context)),
            context.games,
          )
        : undefined;
      if (refusal !== undefined) sendResult(res, refusal);
      else sendError(res, 'game_not_found');
      return;
    }
    sendResult(res, compute(game, raw, context.clock.now(), deviationsOf(context)));
  };
}

/** getGameMssp — §4 GET /games/{gameId}/mssp. */
const msspAnswer = (
  game: GameRecord,
  _query: RawQuery,
  nowMs: number,
  on: Deviations,
): DomainResult<unknown> => {
  // Blind fault `blind36-mssp-missing-snapshot-object-of-nulls`: `data` built from a LEFT JOIN's row.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind36-mssp-missing-snapshot-object-of-nulls'))
    return missingSnapshotObjectOfNulls(msspSnapshot(game));
  // Blind fault `blind35-mssp-web-only-collected-at-null`: `collected_at` written by the status block's line.
  if (blindFault(on.faults, 'blind35-mssp-web-only-collected-at-null'))
    return webOnlyCollectedAtNull(msspSnapshot(game), game);
  // Blind fault `blind33-mssp-short-reply-not-available`: a reply of fewer than 23 variables skipped as partial.
  const shortReply = blindFault(on.faults, 'blind33-mssp-short-reply-not-available')
    ? shortReplySkipped(game)
    : undefined;
  if (shortReply !== undefined) return shortReply;
  // Blind fault `blind32-mssp-not-available-misspelled`: the no-snapshot state spelled `mssp_unavailable`.
  if (blindFault(on.faults, 'blind32-mssp-not-available-misspelled'))
    return notAvailableMisspelled(msspSnapshot(game));
  // Blind fault `blind28-mssp-created-year-as-timestamp`: a CREATED year read as a date.
  if (blindFault(on.faults, 'blind28-mssp-created-year-as-timestamp'))
    return createdYearAsTimestamp(msspSnapshot(game));
  // Blind fault `blind27-mssp-collected-at-day-floored`: the daily values' day-floored sample time.
  if (blindFault(on.faults, 'blind27-mssp-collected-at-day-floored'))
    return snapshotDayFloored(msspSnapshot(game));
  // Blind fault `blind26-mssp-only-metric-keys-numeric`: the metrics read as the known numeric MSSP fields.
  const metricsOnly = blindFault(on.faults, 'blind26-mssp-only-metric-keys-numeric')
    ? metricsOnlyNumeric(game)
    : undefined;
  if (metricsOnly !== undefined) return { ok: metricsOnly };
  // Blind fault `blind25-mssp-stopped-games-between-stores`: neither the live store nor the archive holds it.
  if (blindFault(on.faults, 'blind25-mssp-stopped-games-between-stores') && stoppedAnswering(game)) {
    return { ok: { data: null, meta: { game_id: game.id, status: 'mssp_not_available' as const } } };
  }
  if (blindFault(on.faults, 'blind22-mssp-block-boundary-missing') && msspBlockMissed(game.id)) {
    return { ok: { data: null, meta: { game_id: game.id, status: 'mssp_not_available' as const } } };
  }
  const result = deviateMssp(msspSnapshot(game), game, on, nowMs);
  // Blind fault `blind23-mssp-web-only-v2-status`: v2's status for a web-only game without a snapshot.
  if (
    blindFault(on.faults, 'blind23-mssp-web-only-v2-status') &&
    game.webOnly &&
    'ok' in result &&
    result.ok.data === null
  ) {
    const status = 'not_applicable' as unknown as 'mssp_not_available';
    return { ok: { ...result.ok, meta: { ...result.ok.meta, status } } };
  }
  // Blind fault `blind21-mssp-data-omitted-when-null`: Go's `omitempty` on the snapshot pointer.
  if (
    blindFault(on.faults, 'blind21-mssp-data-omitted-when-null') &&
    'ok' in result &&
    result.ok.data === null
  ) {
    return { ok: { meta: result.ok.meta } };
  }
  // Blind fault `blind24-mssp-ten-digit-numbers-text`: numbers recognised up to nine digits.
  if (
    blindFault(on.faults, 'blind24-mssp-ten-digit-numbers-text') &&
    'ok' in result &&
    result.ok.data?.values
  ) {
    const values = tenDigitNumbersAsText(result.ok.data.values);
    return { ok: { ...result.ok, data: { ...result.ok.data, values } } };
  }
  // Blind fault `blind30-mssp-value-cut-at-colon`: `NAME: value` lines read with `line.split(':')`.
  if (blindFault(on.faults, 'blind30-mssp-value-cut-at-colon') && 'ok' in result && result.ok.data?.values) {
    const values = msspValuesCutAtColon(result.ok.data.values) as typeof result.ok.data.values;
    return { ok: { ...result.ok, data: { ...result.ok.data, values } } };
  }
  // Blind fault `blind38-mssp-flags-bit-buffers`: the flags read from BIT(1) columns, handed over as Buffers.
  if (
    on.faults.size > 0 &&
    blindFault(on.faults, 'blind38-mssp-flags-bit-buffers') &&
    'ok' in result &&
    result.ok.data?.values
  ) {
    const values = flagsAsBitBuffers(result.ok.data.values) as typeof result.ok.data.values;
    return { ok: { ...result.ok, data: { ...result.ok.data, values } } };
  }
  return result;
};
const msspHandler = gameSubResource(msspAnswer);
/** Blind fault `blind31-mssp-meta-template-mutated`: the answer's `meta` assigned into a module-level template. */
const templatedMsspHandler = gameSubResource((game, query, nowMs, on) =>
  msspMetaFromTemplate(on.faults, msspAnswer(game, query, nowMs, on)),
);
export const getGameMssp: OperationHandler = (req, res, params, context) => {
  // Blind fault `blind37-mssp-archived-game-404`: an archived game's MSSP blocked as unknown.
  if (context.faults.size > 0 && blindFault(context.faults, 'blind37-mssp-archived-game-404')) {
    const blocked = findGame(params, context);
    if (blocked !== undefined && blocked.archiveReason !== null) {
      sendError(res, 'game_not_found');
      return;
    }
  }
  // Fault `mssp-unknown-game-200`: an unknown id reads as a game without a snapshot.
  const id = pathId(params, 'gameId');
  if (context.faults.has('mssp-unknown-game-200') && id !== undefined && !context.games.game(id)) {
    sendJson(res, 200, { data: null, meta: { game_id: id, status: 'mssp_not_available' } });
    return;
  }
  // Blind fault `blind18-mssp-unknown-game-404-mssp-body`: the miss answered from the "no snapshot" branch, status 404.
  if (
    blindFault(context.faults, 'blind18-mssp-unknown-game-404-mssp-body') &&
    id !== undefined &&
    !context.games.game(id)
  ) {
    sendJson(res, 404, { data: null, meta: { game_id: id, status: 'mssp_not_available' } });
    return;
  }
  // Blind fault `blind23-mssp-archive-store-redirect`: a snapshot older than 90 days redirected to v2's archive store.
  if (blindFault(context.faults, 'blind23-mssp-archive-store-redirect')) {
    const stored = findGame(params, context);
    if (stored && snapshotInArchiveStore(stored, nowSeconds(context.clock))) {
      res.redirect(308, v2MsspUrl(apiBaseOf(req), stored.id));
      return;
    }
  }
  // Blind fault `blind20-mssp-text-plain-negotiated`: res.format between JSON (first) and the plain-text MSSP export.
  const game = blindFault(context.faults, 'blind20-mssp-text-plain-negotiated')
    ? findGame(params, context)
    : undefined;
  if (game && req.accepts(['application/json', 'text/plain']) === 'text/plain') {
    const snapshot = msspSnapshot(game);
    const values = 'ok' in snapshot ? (snapshot.ok.data?.values ?? {}) : {};
    const lines = Object.entries(values).map(([name, value]) => `${name.toUpperCase()}\t${String(value)}\n`);
    res.status(200).type('text/plain; charset=utf-8').send(lines.join(''));
    return;
  }
  if (blindFault(context.faults, 'blind31-mssp-meta-template-mutated'))
    templatedMsspHandler(req, res, params, context);
  else msspHandler(req, res, params, context);
};
/** Blind set 22: the player history as an almost-right optimisation has it, or undefined (set-22-optimisations.ts). */
function optimisedPlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults, index }: Deviations,
): DomainResult<unknown> | undefined {
  if (blindFault(faults, 'blind22-players-default-to-fixed-at-first-request'))
    return historyToFirstDay(game, query, nowMs, index);
  if (blindFault(faults, 'blind22-daily-today-memoised-partial'))
    return historyOfMemoisedDays(game, query, nowMs, index);
  if (blindFault(faults, 'blind22-daily-average-from-hourly-downsample'))
    return historyOfHourlyDownsample(game, query, nowMs);
  if (blindFault(faults, 'blind22-raw-last-sample-dropped'))
    return historyShortOfLastSample(game, query, nowMs);
  if (blindFault(faults, 'blind22-history-memo-ignores-granularity'))
    return historyMemoisedByRange(game, query, nowMs, index);
  return undefined;
}

/** Blind set 23: the player history as the half-migrated stores and the validator shared with v2 have it, or undefined (set-23-migration.ts). */
function migratedPlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  if (blindFault(faults, 'blind23-players-hourly-granularity-leaked') && query.granularity === 'hourly')
    return hourlyHistory(game, query, nowMs);
  if (blindFault(faults, 'blind23-daily-store-boundary-day-missing'))
    return dailyWithoutBoundaryDay(game, query, nowMs);
  if (blindFault(faults, 'blind23-raw-migrating-week-twice'))
    return rawWithMigratingWeekTwice(game, query, nowMs);
  return undefined;
}

/** Blind set 24: the player history as faulty arithmetic has it, or undefined (set-24-numbers.ts). */
/** The player history under the faults of set 27 that touch it, or undefined when none is on. */
function collateralPlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults, index }: Deviations,
): DomainResult<unknown> | undefined {
  const zone = blindFault(faults, 'blind27-players-today-in-last-activity-zone');
  const rawSpan = blindFault(faults, 'blind27-players-raw-span-from-statistics');
  const statisticsCode = blindFault(faults, 'blind27-players-date-error-statistics-code');
  const epochSeconds = blindFault(faults, 'blind27-raw-recorded-at-epoch-seconds');
  if (!zone && !rawSpan && !statisticsCode && !epochSeconds) return undefined;
  return collateralHistory(game, query, nowMs, {
    ...(zone ? { zoneOf: index } : {}),
    rawSpan,
    statisticsCode,
    epochSeconds,
  });
}

/** The statistics under the faults of set 27 that touch them, or undefined when none is on. */
function collateralStatistics(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  const capped = blindFault(faults, 'blind27-statistics-activity-90-day-cap');
  const sparse = blindFault(faults, 'blind27-statistics-sparse-average-null');
  if (!capped && !sparse) return undefined;
  const refusal = capped ? beyondActivityCap(query, nowMs) : undefined;
  if (refusal !== undefined) return refusal;
  const result = gameStatistics(game, query, nowMs);
  return sparse ? sparseAveragesNull(result) : result;
}

/** The player history under the faults of set 28 that touch it (set-28-calendar.ts), or undefined when none is on. */
function calendarPlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  if (blindFault(faults, 'blind28-players-century-leap-day-accepted'))
    return historyWithFourYearLeapRule(game, query, nowMs);
  if (blindFault(faults, 'blind28-daily-stops-at-month-end'))
    return dailyCutAtMonthEnd(playerHistory(game, query, nowMs));
  if (blindFault(faults, 'blind28-raw-midnight-as-24-00'))
    return midnightAs2400(playerHistory(game, query, nowMs));
  if (blindFault(faults, 'blind28-raw-span-counted-in-berlin-hours'))
    return rawSpanInBerlinHours(game, query, nowMs) ?? playerHistory(game, query, nowMs);
  if (blindFault(faults, 'blind28-default-from-borrows-wrong-month'))
    return historyWithBorrowedFrom(game, query, nowMs) ?? playerHistory(game, query, nowMs);
  return undefined;
}

/** The statistics under the faults of set 28 that touch them (set-28-calendar.ts), or undefined when none is on. */
function calendarStatistics(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  if (blindFault(faults, 'blind28-stats-monthly-30-day-buckets'))
    return monthlyAsThirtyDays(game, gameStatistics(game, query, nowMs), nowMs);
  if (blindFault(faults, 'blind28-stats-hourly-keyed-by-hour-of-day'))
    return hourlyKeyedByHourOfDay(game, gameStatistics(game, query, nowMs), nowMs);
  if (blindFault(faults, 'blind28-stats-2000-leap-day-refused'))
    return centuryLeapDayRefused(query) ?? gameStatistics(game, query, nowMs);
  if (blindFault(faults, 'blind28-stats-order-check-ignores-year'))
    return orderCheckedOnMonthDay(query) ?? gameStatistics(game, query, nowMs);
  return undefined;
}

/** The activity pattern under the faults of set 28 that touch it (set-28-calendar.ts), or undefined when none is on or it changes nothing. */
function calendarActivityPattern(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  if (blindFault(faults, 'blind28-activity-hour-counted-from-local-midnight'))
    return hoursFromLocalMidnight(game, query, nowMs);
  if (blindFault(faults, 'blind28-activity-span-in-zone-hours')) return spanInZoneHours(query, nowMs);
  if (blindFault(faults, 'blind28-activity-span-as-three-months'))
    return spanAsThreeMonths(game, query, nowMs);
  if (blindFault(faults, 'blind28-activity-offset-applied-twice'))
    return offsetAppliedTwice(game, query, nowMs);
  if (blindFault(faults, 'blind28-activity-default-to-in-zone')) return defaultToInZone(game, query, nowMs);
  return undefined;
}

function numberedPlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  if (blindFault(faults, 'blind24-daily-day-index-rounded'))
    return historyWithRoundedDays(game, query, nowMs);
  if (blindFault(faults, 'blind24-daily-mean-of-hourly-means'))
    return historyOfHourlyMeans(game, query, nowMs);
  if (blindFault(faults, 'blind24-history-limit-counts-values'))
    return historyLimitedByValues(game, query, nowMs);
  return undefined;
}

/** The player history under the faults of set 29 that touch it (set-29-hostile.ts), or undefined when none is on. */
function hostilePlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  // Blind fault `blind29-granularity-tidied`: the granularity trimmed and lower-cased before it is checked.
  if (blindFault(faults, 'blind29-granularity-tidied'))
    return playerHistory(game, granularityTidied(query), nowMs);
  // Blind fault `blind29-players-year-below-100-as-1900s`: the dates converted with Date.UTC.
  if (blindFault(faults, 'blind29-players-year-below-100-as-1900s'))
    return playerHistory(game, datesThroughDateUtc(query), nowMs);
  return undefined;
}

function playerHistoryAnswer(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  on: Deviations,
): DomainResult<unknown> {
  // Blind set 32: one granularity's limit or name (set-32-members.ts).
  const member = on.faults.size === 0 ? undefined : memberPlayerHistory(game, query, nowMs, on);
  if (member !== undefined) return member;
  const rare = on.faults.size === 0 ? undefined : rarePlayerHistory(game, query, nowMs, on);
  if (rare !== undefined) return rare;
  const pagedHistory = on.faults.size === 0 ? undefined : pagedPlayerHistory(game, query, nowMs, on);
  if (pagedHistory !== undefined) return pagedHistory;
  // Blind fault `blind35-raw-recorded-at-day-start`: the raw samples mapped by the line copied from the daily values'.
  if (
    on.faults.size > 0 &&
    blindFault(on.faults, 'blind35-raw-recorded-at-day-start') &&
    query.granularity === 'raw'
  )
    return rawStampedAtDayStart(playerHistory(game, query, nowMs));
  // Blind fault `blind36-player-times-iso-milliseconds`: the samples' times written with toISOString().
  if (on.faults.size > 0 && blindFault(on.faults, 'blind36-player-times-iso-milliseconds'))
    return playerTimesWithMilliseconds(playerHistory(game, query, nowMs));
  // Blind fault `blind37-history-span-limit-off-by-one`: the span counted without its last day.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind37-history-span-limit-off-by-one'))
    return playerHistory(game, query, nowMs, historyRulesOneDayLonger());
  // Blind fault `blind38-daily-history-hash-aggregate-order`: a long range's daily groups in hash order.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind38-daily-history-hash-aggregate-order'))
    return dailyInHashOrder(playerHistory(game, query, nowMs));
  // Blind fault `blind25-players-through-statistics-backend`: the statistics backend's availability check.
  const refusal = blindFault(on.faults, 'blind25-players-through-statistics-backend')
    ? statisticsBackendRefusal(game, query, nowMs)
    : undefined;
  if (refusal !== undefined) return refusal;
  // Blind fault `blind26-history-range-limit-as-lookback`: the maximum span read as a retention window.
  const tooFarBack = blindFault(on.faults, 'blind26-history-range-limit-as-lookback')
    ? beyondLookback(query, nowMs)
    : undefined;
  if (tooFarBack !== undefined) return tooFarBack;
  const hostile = on.faults.size === 0 ? undefined : hostilePlayerHistory(game, query, nowMs, on);
  if (hostile !== undefined) return hostile;
  // Blind fault `blind30-players-date-unicode-dashes-accepted`: Unicode dashes in the dates read as hyphens.
  const dashed = blindFault(on.faults, 'blind30-players-date-unicode-dashes-accepted')
    ? datesWithDashesNormalised(query)
    : undefined;
  if (dashed !== undefined) return playerHistory(game, dashed, nowMs);
  const collateral = on.faults.size === 0 ? undefined : collateralPlayerHistory(game, query, nowMs, on);
  if (collateral !== undefined) return collateral;
  const calendar = on.faults.size === 0 ? undefined : calendarPlayerHistory(game, query, nowMs, on);
  if (calendar !== undefined) return calendar;
  // Blind sets 22–24: a whole history of their own, when one of their faults is on.
  const replaced =
    on.faults.size === 0
      ? undefined
      : (numberedPlayerHistory(game, query, nowMs, on) ??
        migratedPlayerHistory(game, query, nowMs, on) ??
        optimisedPlayerHistory(game, query, nowMs, on));
  if (replaced !== undefined) return replaced;
  // Blind fault `blind21-default-from-dst-local-days`: the default `from` counted in the server's zone.
  const raw = blindFault(on.faults, 'blind21-default-from-dst-local-days')
    ? localDaysDefaultFrom(query, nowMs)
    : query;
  const asked = archivedDefaultTo(game, deviatePlayerQuery(raw, on, nowMs), nowMs, on);
  const result =
    reversedRangeAnswer(game, asked, on) ??
    spanToNowAnswer(asked, nowMs, on) ??
    deviatePlayerHistory(
      playerHistory(game, asked, nowMs, playerHistoryRules(on, asked, nowMs)),
      game,
      nowMs,
      on,
    );
  // Blind fault `blind4-players-meta-granularity-echo`: meta.granularity echoes the parameter as sent.
  if (
    blindFault(on.faults, 'blind4-players-meta-granularity-echo') &&
    'ok' in result &&
    raw.granularity === undefined
  ) {
    return { ok: { ...result.ok, meta: { ...result.ok.meta, granularity: null as unknown as 'daily' } } };
  }
  // Blind fault `blind21-raw-recorded-at-local-offset`: raw samples written as OffsetDateTime in the server's zone.
  if (
    blindFault(on.faults, 'blind21-raw-recorded-at-local-offset') &&
    'ok' in result &&
    result.ok.meta.granularity === 'raw'
  ) {
    const data = result.ok.data.map((sample) => ({
      ...sample,
      recorded_at: localOffsetTimestamp(sample.recorded_at),
    }));
    return { ok: { ...result.ok, data } };
  }
  // Blind variant `bv4-daily-stamped-at-last-sample`: a day's average stamped with its latest sample's time.
  if (on.variants.has('bv4-daily-stamped-at-last-sample')) return stampedAtLastSample(result, game, nowMs);
  return result;
}
/** Blind faults of set 32 on the player history (set-32-members.ts): one granularity's limit or name; undefined when off. */
function memberPlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  const explicit = blindFault(faults, 'blind32-explicit-daily-granularity-refused')
    ? explicitDailyRefused(game, query, nowMs)
    : undefined;
  if (explicit !== undefined) return explicit;
  if (blindFault(faults, 'blind32-raw-range-limit-of-daily')) return rawLimitedAsDaily(game, query, nowMs);
  return undefined;
}

/** Blind faults of set 33 on the player history (set-33-rare.ts): one-sample days, the busiest samples; undefined when off. */
function rarePlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  const lone = blindFault(faults, 'blind33-daily-lone-sample-day-dropped')
    ? dailyWithoutLoneSampleDays(game, query, nowMs)
    : undefined;
  if (lone !== undefined) return lone;
  if (blindFault(faults, 'blind33-raw-players-clamped-255') && query.granularity === 'raw')
    return rawCountsThroughBytes(playerHistory(game, query, nowMs));
  return undefined;
}

/** Blind faults of set 34 on the player history (set-34-pages.ts): the store's pages and roll-ups; undefined when off. */
function pagedPlayerHistory(
  game: GameRecord,
  query: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  if (blindFault(faults, 'blind34-raw-store-page-boundary-sample-twice') && query.granularity === 'raw')
    return rawPagesJoinedInclusive(playerHistory(game, query, nowMs));
  const mistakes = {
    firstCrawlDay: blindFault(faults, 'blind34-daily-first-crawl-day-missing'),
    shortPage: blindFault(faults, 'blind34-daily-short-store-page-ends-read'),
  };
  if (!mistakes.firstCrawlDay && !mistakes.shortPage) return undefined;
  return dailyBeyondFirstPage(game, query, nowMs, mistakes);
}

const playerHistoryHandler = gameSubResource((game, query, nowMs, on) => {
  const result = playerHistoryAnswer(game, query, nowMs, on);
  // Blind fault `blind31-raw-samples-reversed-in-place`: the game's cached samples reversed by the daily path.
  return blindFault(on.faults, 'blind31-raw-samples-reversed-in-place')
    ? samplesOfReversibleCache(on.faults, game, result)
    : result;
});
/** getGamePlayers — §4 GET /games/{gameId}/players. */
export const getGamePlayers: OperationHandler = (req, res, params, context) => {
  // Blind fault `blind29-date-error-body-templated`: the 422 of a date written by a string template.
  const badDate =
    blindFault(context.faults, 'blind29-date-error-body-templated') && findGame(params, context)
      ? invalidDateParameter(query(req))
      : undefined;
  if (badDate !== undefined) {
    res
      .status(422)
      .type('application/json; charset=utf-8')
      .send(templatedDateError(badDate.name, badDate.value, String(res.locals.requestId)));
    return;
  }
  // Blind fault `blind23-players-errors-problem-json`: the route's errors written by v2's error middleware.
  if (blindFault(context.faults, 'blind23-players-errors-problem-json')) errorsAsProblemDetails(res);
  // Fault `raw-history-500`: a valid raw request crashes.
  if (context.faults.has('raw-history-500') && query(req).granularity === 'raw') {
    sendError(res, 'internal_error');
    return;
  }
  // Fault `players-unknown-game-empty`: an unknown id reads as a game never crawled.
  const id = pathId(params, 'gameId');
  // Blind fault `blind-players-unknown-game-route-not-found`: the lookup miss falls through to the route 404.
  if (
    blindFault(context.faults, 'blind-players-unknown-game-route-not-found') &&
    !findGame(params, context)
  ) {
    sendError(res, 'route_not_found');
    return;
  }
  if (context.faults.has('players-unknown-game-empty') && id !== undefined && !context.games.game(id)) {
    const today = new Date(context.clock.now()).toISOString().slice(0, 10);
    sendJson(res, 200, { data: [], meta: { game_id: id, granularity: 'daily', from: today, to: today } });
    return;
  }
  // Blind fault `blind20-players-cached-across-midnight`: `max-age=300` honoured by a shared cache keyed by the URL.
  if (blindFault(context.faults, 'blind20-players-cached-across-midnight')) {
    playersThroughSharedCache(req, res, params, context);
    return;
  }
  playerHistoryHandler(req, res, params, context);
};

/** Blind fault `blind20-players-cached-across-midnight`: the shared cache's lifetime of a history, in clock ms. */
const PLAYERS_MAX_AGE_MS = 300_000;

/** Blind fault `blind20-players-cached-across-midnight`: a stored 200 answered while fresh, else answered and stored. */
function playersThroughSharedCache(
  req: Request,
  res: Response,
  params: PathParams,
  context: AppContext,
): void {
  const nowMs = context.clock.now();
  const key = `${apiBaseOf(req)} ${req.originalUrl}`;
  const stored = keptValue<Buffer>(context, 'players', key, nowMs);
  if (stored !== undefined) {
    res.setHeader('Cache-Control', 'max-age=300');
    sendJsonBytes(res, stored);
    return;
  }
  onAnswer(res, (body) => {
    if (res.statusCode === 200) {
      res.setHeader('Cache-Control', 'max-age=300');
      keep(context, 'players', key, body, nowMs + PLAYERS_MAX_AGE_MS);
    }
    return undefined;
  });
  playerHistoryHandler(req, res, params, context);
}
/** Blind set 22: a statistics answer whose points count full buckets (set-22-optimisations.ts) when that fault is on. */
function countedAsFullBuckets<
  T extends { data: Array<{ date: number; count: number }>; meta: { resolution: string } },
>(result: DomainResult<T>, { faults }: Deviations): DomainResult<T> {
  return blindFault(faults, 'blind22-stats-count-assumed-full-bucket') ? fullBucketCounts(result) : result;
}

/**
 * The statistics answered for the game of the path. `computed`: this request's statisticsAnswer
 * when it has been worked out already, sent as it is rather than worked out again.
 */
function statisticsHandler(computed?: DomainResult<unknown>): OperationHandler {
  // Variant `stats-buckets-keyed-by-end`: whatever answered, its buckets keyed by their end.
  return gameSubResource((game, sent, nowMs, on) => {
    // Blind variants `bv4-statistics-stat-interval-parameters`, `bv4-statistics-resolution-auto`: names and default of our own.
    const asked = statisticsQueryAsNamed(sent, nowMs, on.variants);
    // Blind fault `blind31-stats-memo-ignores-to`: the answers memoised under the query without `to`.
    const answered =
      computed ??
      (blindFault(on.faults, 'blind31-stats-memo-ignores-to')
        ? statisticsMemoisedWithoutTo(on.faults, game, asked, () => statisticsAnswer(game, asked, nowMs, on))
        : statisticsAnswer(game, asked, nowMs, on));
    const named = statisticsAnswerAsNamed(answered, on.variants);
    // Blind variant `bv4-statistics-series-through-to`: every bucket through `to`, those not begun yet empty.
    const series = on.variants.has('bv4-statistics-series-through-to') ? seriesThroughTo(named) : named;
    const answer = keyedByEnd(series, on);
    // Blind variant `bv1-statistics-point-names`: the points' fields under this server's names.
    return on.variants.has('bv1-statistics-point-names') ? renamedPoints(answer) : answer;
  });
}

/** Blind faults of set 32 on the statistics (set-32-members.ts): one metric, one resolution, one condition's code. */
function memberStatistics(
  game: GameRecord,
  sent: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  return (
    (blindFault(faults, 'blind32-stats-helpfiles-missing-from-metrics')
      ? helpfilesRefused(sent)
      : undefined) ??
    (blindFault(faults, 'blind32-stats-bad-resolution-date-range-code')
      ? unknownResolutionAsDateRange(sent)
      : undefined) ??
    (blindFault(faults, 'blind32-stats-monthly-falls-through-to-weekly')
      ? monthlyAsWeekly(game, sent, nowMs)
      : undefined)
  );
}

/** Blind faults of set 34 on the statistics (set-34-pages.ts): undefined when off. */
function pagedStatistics(
  game: GameRecord,
  sent: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  const pending = blindFault(faults, 'blind34-stats-pending-weekly-monthly-served')
    ? pendingServedWeeklyMonthly(game, sent, nowMs)
    : undefined;
  if (pending !== undefined) return pending;
  const mistakes = {
    thousandth: blindFault(faults, 'blind34-stats-thousandth-point-dropped'),
    continuation: blindFault(faults, 'blind34-stats-continuation-default-metric'),
  };
  if (!mistakes.thousandth && !mistakes.continuation) return undefined;
  return statisticsBeyondFirstPage(game, sent, nowMs, mistakes);
}

/** Blind faults of set 35 on the statistics (set-35-copies.ts): undefined when off or untouched. */
function copiedStatistics(
  game: GameRecord,
  sent: RawQuery,
  nowMs: number,
  { faults }: Deviations,
): DomainResult<unknown> | undefined {
  if (
    blindFault(faults, 'blind35-stats-unavailable-code-of-pending') &&
    game.statisticsState === 'unavailable'
  )
    return unavailableCodeOfPending(gameStatistics(game, sent, nowMs));
  const hourly = blindFault(faults, 'blind35-stats-hourly-span-limit-of-raw')
    ? hourlySpanLimitOfRaw(game, sent, nowMs)
    : undefined;
  if (hourly !== undefined) return hourly;
  if (blindFault(faults, 'blind35-stats-empty-bucket-values-zero-like-count'))
    return emptyBucketValuesZero(gameStatistics(game, sent, nowMs));
  return undefined;
}

function statisticsAnswer(
  game: GameRecord,
  sent: RawQuery,
  nowMs: number,
  on: Deviations,
): DomainResult<unknown> {
  // Blind set 32: one metric, one resolution, one condition's code (set-32-members.ts).
  const member = on.faults.size === 0 ? undefined : memberStatistics(game, sent, nowMs, on);
  if (member !== undefined) return member;
  // Blind faults of set 33: the other metrics of an unavailable game; one observation's extremes.
  const unavailable = blindFault(on.faults, 'blind33-stats-unavailable-other-metrics-served')
    ? otherMetricOfUnavailableGame(game, sent, nowMs)
    : undefined;
  if (unavailable !== undefined) return unavailable;
  if (blindFault(on.faults, 'blind33-stats-lone-observation-min-max-null'))
    return loneObservationExtremesNull(gameStatistics(game, sent, nowMs));
  // Blind faults of set 34: a pending game's weekly and monthly points, the 1,000th point, the store's continuation.
  const pagedPoints = on.faults.size === 0 ? undefined : pagedStatistics(game, sent, nowMs, on);
  if (pagedPoints !== undefined) return pagedPoints;
  // Blind faults of set 35: the pending 503's code, raw's span check, the count's default (set-35-copies.ts).
  const copied = on.faults.size === 0 ? undefined : copiedStatistics(game, sent, nowMs, on);
  if (copied !== undefined) return copied;
  // Blind fault `blind36-stats-points-truncated-1000`: the points cap enforced by a slice, not a refusal.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind36-stats-points-truncated-1000'))
    return pointsTruncated(
      gameStatistics(game, sent, nowMs, { ...STATISTICS_RULES, maxPoints: Infinity }),
      MAX_POINTS,
    );
  // Blind fault `blind37-stats-pending-range-served-partly`: a range in preparation served with its prepared part.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind37-stats-pending-range-served-partly')) {
    const answer = gameStatistics(game, sent, nowMs);
    return pendingRangeServedPartly(answer, sent, (asked) => gameStatistics(game, asked, nowMs)) ?? answer;
  }
  // Blind fault `blind38-stats-impossible-date-500`: a date of the right shape cast by the database, which refuses it.
  const uncast =
    on.faults.size > 0 && blindFault(on.faults, 'blind38-stats-impossible-date-500')
      ? impossibleDateCastError(sent)
      : undefined;
  if (uncast !== undefined) return uncast;
  // Blind fault `blind38-stats-min-max-compared-as-text`: MIN and MAX taken on the values' TEXT column.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind38-stats-min-max-compared-as-text'))
    return extremesComparedAsText(game, gameStatistics(game, sent, nowMs), nowMs);
  // Blind fault `blind30-stats-date-unicode-digits-accepted`: Python's `\d` and `int()` read every script's digits.
  const digits = blindFault(on.faults, 'blind30-stats-date-unicode-digits-accepted')
    ? datesWithUnicodeDigits(sent)
    : undefined;
  if (digits !== undefined) return gameStatistics(game, digits, nowMs);
  // Blind fault `blind29-stats-date-pattern-unanchored`: the dates checked by a pattern without `$`.
  if (blindFault(on.faults, 'blind29-stats-date-pattern-unanchored'))
    return gameStatistics(game, statisticsDatesCut(sent), nowMs);
  const collateral = on.faults.size === 0 ? undefined : collateralStatistics(game, sent, nowMs, on);
  if (collateral !== undefined) return collateral;
  const calendar = on.faults.size === 0 ? undefined : calendarStatistics(game, sent, nowMs, on);
  if (calendar !== undefined) return calendar;
  // Blind fault `blind26-stats-default-range-31-days`: "default range 30 days" read as `to` minus 30 days.
  const raw = blindFault(on.faults, 'blind26-stats-default-range-31-days')
    ? fromThirtyDaysBefore(sent, nowMs)
    : sent;
  const asked = deviateStatisticsQuery(raw, on, nowMs);
  // Blind fault `blind26-stats-empty-bucket-count-null`: "missing values are null" applied to the count.
  if (blindFault(on.faults, 'blind26-stats-empty-bucket-count-null'))
    return emptyCountsNull(gameStatistics(game, asked, nowMs, statisticsRules(on, asked)));
  // Blind fault `blind24-stats-weekly-cap-whole-weeks`: the weekly cap counted in whole weeks from `from`.
  const wholeWeeks = blindFault(on.faults, 'blind24-stats-weekly-cap-whole-weeks')
    ? weeklyCappedByWholeWeeks(game, asked, nowMs)
    : undefined;
  // Blind faults `blind25-stats-carried-past-last-crawl`, `blind25-stats-count-failed-crawls`: the roll-up's buckets.
  if (blindFault(on.faults, 'blind25-stats-carried-past-last-crawl'))
    return carriedPastLastCrawl(game, gameStatistics(game, asked, nowMs, statisticsRules(on, asked)), nowMs);
  if (blindFault(on.faults, 'blind25-stats-count-failed-crawls'))
    return countingFailedCrawls(game, gameStatistics(game, asked, nowMs, statisticsRules(on, asked)), nowMs);
  // Blind fault `blind24-stats-rollup-extremes-of-hourly-means`: roll-ups' extremes from the hourly averages.
  if (blindFault(on.faults, 'blind24-stats-rollup-extremes-of-hourly-means'))
    return extremesOfHourlyMeans(game, gameStatistics(game, asked, nowMs, statisticsRules(on, asked)), nowMs);
  return (
    wholeWeeks ??
    refusedResolution(asked, on) ??
    rawTwoDaysAnswer(game, asked, nowMs, on) ??
    reversedStatisticsRange(game, asked, nowMs, on) ??
    countingMissingValues(game, asked, nowMs, on) ??
    zeroMinimumReplaced(game, asked, nowMs, on) ??
    averagedDailyMeans(game, asked, nowMs, on) ??
    wholePeriodFirstBucket(game, asked, nowMs, on) ??
    rawServedHourly(game, asked, nowMs, on) ??
    countedAsFullBuckets(
      deviateStatistics(gameStatistics(game, asked, nowMs, statisticsRules(on, asked)), on),
      on,
    )
  );
}
/**
 * Blind variant `bv2-statistics-prepared-on-demand`: for a query of a known game whose range starts
 * more than HOT_STATISTICS_DAYS ago, its statistics answer and whether the range is being prepared
 * (the answer is a 200 and no query has asked for the range before); undefined for other queries.
 */
function coldRange(
  req: Request,
  params: PathParams,
  context: AppContext,
): { answer: DomainResult<unknown>; preparing: boolean } | undefined {
  const game = findGame(params, context);
  const sent = query(req);
  const nowMs = context.clock.now();
  if (game === undefined || !isColdRange(sent.from, nowMs)) return undefined;
  const answer = statisticsAnswer(game, sent, nowMs, deviationsOf(context));
  const preparing =
    'ok' in answer && firstAskOfRange(context.variants, `${game.id} ${String(sent.from)} ${String(sent.to)}`);
  return { answer, preparing };
}

/** getGameStatistics — §4 "Statistics endpoints" 1. */
export const getGameStatistics: OperationHandler = (req, res, params, context) => {
  // Blind fault `blind36-stats-unknown-metric-400`: the route's query schema refuses an unknown metric with the framework's 400.
  const badMetric =
    context.faults.size > 0 && blindFault(context.faults, 'blind36-stats-unknown-metric-400')
      ? unknownMetricBadRequest(sentQuery(req, context))
      : undefined;
  if (badMetric !== undefined) {
    sendJson(res, 400, { error: badMetric, request_id: res.locals.requestId });
    return;
  }
  // Blind variant `bv2-statistics-prepared-on-demand`: a cold range's first valid query is answered "in preparation".
  const cold = context.variants.has('bv2-statistics-prepared-on-demand')
    ? coldRange(req, params, context)
    : undefined;
  if (cold?.preparing === true) {
    sendError(res, 'statistics_pending');
    return;
  }
  // A cold range's answer, worked out above, is the one sent; not when variant `repeated-params-first-wins`
  // has the handler answer another query (the first of repeated values) than the one it was worked out for.
  const answerStatistics = statisticsHandler(
    context.variants.has('repeated-params-first-wins') ? undefined : cold?.answer,
  );
  // Blind fault `blind23-stats-pending-v2-code`: the "in preparation" 503 under v2's error code.
  if (blindFault(context.faults, 'blind23-stats-pending-v2-code')) pendingUnderV2Code(res);
  // Blind fault `blind11-stats-unknown-game-unavailable`: the statistics store asked before the game is looked up.
  if (blindFault(context.faults, 'blind11-stats-unknown-game-unavailable') && !findGame(params, context)) {
    sendError(res, 'statistics_unavailable');
    return;
  }
  // Blind fault `blind20-statistics-503-breaker-per-game`: a breaker opened for a minute by the game's last 503.
  if (blindFault(context.faults, 'blind20-statistics-503-breaker-per-game')) {
    const nowMs = context.clock.now();
    const game = params.gameId ?? '';
    if (keptValue<true>(context, 'breaker', game, nowMs)) {
      sendError(
        res,
        'statistics_pending',
        'The statistics backend is not answering for this game; retry later.',
      );
      return;
    }
    answerStatistics(req, res, params, context);
    if (res.statusCode === 503) keep(context, 'breaker', game, true, nowMs + 60_000);
    return;
  }
  answerStatistics(req, res, params, context);
};
/** getGameActivityPattern — §4 "Statistics endpoints" 2. */
const activityPatternHandler = gameSubResource((game, sent, nowMs, on) => {
  // Blind variant `bv4-activity-timezone-parameter-tz`: the time zone read from `tz`.
  const tz = on.variants.has('bv4-activity-timezone-parameter-tz');
  const raw = tz ? activityQueryAsNamed(sent) : sent;
  // Blind fault `blind30-activity-date-trailing-newline-accepted`: Python's `$` matches before a final line feed.
  const newline = blindFault(on.faults, 'blind30-activity-date-trailing-newline-accepted')
    ? datesTrailingNewlineDropped(raw)
    : undefined;
  const named = activityPatternAnswer(game, newline ?? raw, nowMs, on);
  // Blind fault `blind31-activity-cells-template-shared`: the cells a shallow copy of a module-level template.
  const pooled = blindFault(on.faults, 'blind31-activity-cells-template-shared')
    ? cellsOnSharedTemplate(on.faults, game, named, nowMs)
    : named;
  const answer = tz ? activityAnswerAsNamed(pooled) : pooled;
  // Blind variant `bv1-activity-weekday-sunday-zero`: weekdays 0 (Sunday) to 6, cells from Sunday 00h.
  if (on.variants.has('bv1-activity-weekday-sunday-zero')) return cellsFromSunday(answer);
  // Blind variant `bv5-activity-weekday-monday-zero`: weekdays 0 (Monday) to 6, as Python's date.weekday().
  return on.variants.has('bv5-activity-weekday-monday-zero') ? weekdaysFromZero(answer) : answer;
});

/**
 * Blind fault `blind32-activity-unknown-game-route-not-found`: the route's own lookup of the game
 * answers an unknown id with the fallback's code; otherwise the shared sub-resource handler.
 */
export const getGameActivityPattern: OperationHandler = (req, res, params, context) => {
  if (
    blindFault(context.faults, 'blind32-activity-unknown-game-route-not-found') &&
    pathId(params, 'gameId') !== undefined &&
    !findGame(params, context)
  ) {
    sendError(res, 'route_not_found');
    return;
  }
  activityPatternHandler(req, res, params, context);
};

/** The activity pattern as the faults and catalogued variants answer it. */
function activityPatternAnswer(
  game: GameRecord,
  raw: RawQuery,
  nowMs: number,
  on: Deviations,
): DomainResult<unknown> {
  // Blind fault `blind36-activity-reversed-range-answered`: a span check a reversed range passes.
  const reversed =
    on.faults.size > 0 && blindFault(on.faults, 'blind36-activity-reversed-range-answered')
      ? reversedActivityRange(raw, (asked) => activityPattern(game, asked, nowMs))
      : undefined;
  if (reversed !== undefined) return reversed;
  // Blind fault `blind37-activity-two-observations-averaged`: the threshold lowered instead of the comparison fixed.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind37-activity-two-observations-averaged'))
    return activityPattern(game, raw, nowMs, {
      ...ACTIVITY_PATTERN_RULES,
      minObservationsForAverage: ACTIVITY_AVERAGE_FROM_TWO,
    });
  // Blind fault `blind33-activity-zero-average-null`: `sum / count || null`.
  if (blindFault(on.faults, 'blind33-activity-zero-average-null'))
    return zeroAveragesNull(activityPattern(game, raw, nowMs));
  // Blind faults of set 34: a long range's chunk-boundary days, and today, left out.
  const chunkBoundary = blindFault(on.faults, 'blind34-activity-chunk-boundary-day-skipped');
  const withoutToday = blindFault(on.faults, 'blind34-activity-long-range-without-today');
  const longRange =
    chunkBoundary || withoutToday
      ? activityBeyondFirstMonth(game, raw, nowMs, { chunkBoundary, withoutToday })
      : undefined;
  if (longRange !== undefined) return longRange;
  return (
    // Blind fault `blind32-activity-london-as-utc`: London in the fast path of the zones taken as UTC.
    (blindFault(on.faults, 'blind32-activity-london-as-utc') ? londonAsUtc(game, raw, nowMs) : undefined) ??
    // Blind set 28: hours from local midnight, a span in the zone's hours or in months, an offset twice, "today" in the zone.
    (on.faults.size === 0 ? undefined : calendarActivityPattern(game, raw, nowMs, on)) ??
    // Blind fault `blind27-players-today-in-last-activity-zone`: the zone asked set as the process-wide default.
    (blindFault(on.faults, 'blind27-players-today-in-last-activity-zone')
      ? setDefaultZone(on.index, raw)
      : undefined) ??
    // Blind fault `blind27-activity-zone-ignored-by-hour-buckets`: the cells from the statistics' UTC hour buckets.
    (blindFault(on.faults, 'blind27-activity-zone-ignored-by-hour-buckets')
      ? cellsOfUtc(game, raw, nowMs)
      : undefined) ??
    // Blind fault `blind25-activity-pending-whole-game`: the "long ranges in preparation" flag read without the range.
    (blindFault(on.faults, 'blind25-activity-pending-whole-game') ? pendingWholeGame(game) : undefined) ??
    // Blind fault `blind26-activity-sparse-cell-count-null`: the cells under three observations suppressed whole.
    (blindFault(on.faults, 'blind26-activity-sparse-cell-count-null')
      ? sparseCountsNull(activityPattern(game, raw, nowMs))
      : undefined) ??
    // Blind fault `blind24-activity-range-snapped-to-weeks`: the range widened to whole weeks.
    (blindFault(on.faults, 'blind24-activity-range-snapped-to-weeks')
      ? activityOverWholeWeeks(game, raw, nowMs)
      : undefined) ??
    deviateActivityPattern(
      medianPerCell(
        game,
        averagedPerDay(
          game,
          countingDistinctDays(
            game,
            weekdayInUtc(
              game,
              onTheHourInPreviousHour(
                game,
                localZoneRange(
                  game,
                  activityPattern(
                    activityPatternGame(game, on),
                    deviateActivityQuery(cachedWithoutZone(game, raw, on), nowMs, on),
                    nowMs,
                    activityPatternRules(on, raw, nowMs),
                  ),
                  nowMs,
                  on,
                ),
                nowMs,
                on,
              ),
              nowMs,
              on,
            ),
            nowMs,
            on,
          ),
          nowMs,
          on,
        ),
        nowMs,
        on,
      ),
      on,
    )
  );
}

/** listReviews — §4 GET /reviews: never 422, bad paging falls back (D19). */
export const listReviews: OperationHandler = (req, res, _params, context) => {
  const on = deviationsOf(context);
  // Blind fault `blind20-reviews-parsed-query-memo-mutated`: the parsed query handed out by a per-process memo.
  const memoised = blindFault(on.faults, 'blind20-reviews-parsed-query-memo-mutated');
  const raw = memoised ? memoisedReviewQuery(req, context) : sentQuery(req, context); // Express 5 parses req.query again on every read
  const refused = refusedReviewPaging(raw, on);
  if (refused) {
    sendResult(res, refused);
    return;
  }
  // Blind fault `blind35-reviews-paging-validated-like-games`: the paging read by the parser copied from GET /games.
  const refusedLikeGames = blindFault(on.faults, 'blind35-reviews-paging-validated-like-games')
    ? reviewPagingValidatedLikeGames(raw)
    : undefined;
  if (refusedLikeGames) {
    sendResult(res, refusedLikeGames);
    return;
  }
  // Blind variant `bv3-reviews-invalid-parameters-ignored`: an invalid value read as absent (its default).
  const parsedQuery = on.variants.has('bv3-reviews-invalid-parameters-ignored')
    ? lenientReviewQuery(raw)
    : parseReviewQuery(raw);
  const reviewQuery = deviateReviewQuery(parsedQuery, on, raw);
  // Blind fault `blind20-reviews-parsed-query-memo-mutated`: `page` deleted from the shared object once read.
  if (memoised) delete raw.page;
  // Blind fault `blind5-reviews-unknown-game-404`: the game_id looked up first, its miss answered as the game's 404.
  if (
    blindFault(on.faults, 'blind5-reviews-unknown-game-404') &&
    typeof reviewQuery.game === 'number' &&
    !context.games.game(reviewQuery.game)
  ) {
    sendError(res, 'game_not_found');
    return;
  }
  // Blind fault `blind37-reviews-archived-game-id-404`: an archived game's id refused as not found.
  if (
    on.faults.size > 0 &&
    blindFault(on.faults, 'blind37-reviews-archived-game-id-404') &&
    typeof reviewQuery.game === 'number' &&
    (context.games.game(reviewQuery.game)?.archiveReason ?? null) !== null
  ) {
    sendError(res, 'game_not_found', `Game ${reviewQuery.game} is archived; its reviews are not listed.`);
    return;
  }
  const represent = representationContext(req, context);
  // Blind fault `blind23-reviews-read-model-lags-day`: the collection read from v2's read model, a day behind.
  const lagging = blindFault(on.faults, 'blind23-reviews-read-model-lags-day')
    ? laggingReviewPage(context.reviews, reviewQuery, represent.now)
    : undefined;
  // Blind fault `blind25-admin-disabled-reviews-listed`: the collection read by the reviews' own flag.
  const flagged = blindFault(on.faults, 'blind25-admin-disabled-reviews-listed')
    ? reviewsByReviewFlag(context.dataset, reviewQuery)
    : undefined;
  // Blind fault `blind33-reviews-older-than-1000-days-unlisted`: the feed's window on the list query.
  const feed = blindFault(on.faults, 'blind33-reviews-older-than-1000-days-unlisted')
    ? reviewsInFeedWindow(context.reviews, reviewQuery, represent.now)
    : undefined;
  // Blind faults of set 34: a game's later pages oldest first, a kept cursor, a partial last page filled.
  const beyond = on.faults.size === 0 ? undefined : laterReviewPage(req, context, reviewQuery, on);
  const page =
    beyond ??
    lagging ??
    flagged ??
    feed ??
    (on.faults.size === 0 ? undefined : splicedReviewPage(context.reviews, reviewQuery, on)) ??
    (on.faults.size === 0 ? undefined : numberedReviewPage(context.reviews, reviewQuery, on)) ??
    (on.faults.size === 0 ? undefined : optimisedReviewPage(context.reviews, reviewQuery, on)) ??
    // Blind fault `blind36-reviews-oldest-first`: the ORM's default direction, `orderBy: { submitted: 'asc' }`.
    (on.faults.size > 0 && blindFault(on.faults, 'blind36-reviews-oldest-first')
      ? reviewsOldestFirst((asked) => context.reviews.list(asked), reviewQuery)
      : undefined) ??
    deviateReviewPage(context.reviews.list(reviewQuery), reviewQuery, context.reviews, on);
  const request = pageRequest(req, `${represent.apiBase}/reviews`, reviewQuery, page.total);
  const data = page.reviews.map((review) =>
    collateralReview(
      misreadReview(
        consistencyReview(
          halvedLegacyRating(
            migratedReview(deviateReview(reviewSummary(review, represent), on), on),
            review,
            on,
          ),
          review,
          on,
        ),
        on,
      ),
      on,
    ),
  );
  // Blind faults of set 35: `urls.game` and `dates.edited` written by the lines copied from their neighbours.
  if (on.faults.size > 0) data.forEach((item, i) => (data[i] = copiedReview(item, represent.apiBase, on)));
  // Blind fault `blind33-review-list-game-name-cut-at-30`: the name of the denormalised VARCHAR(30) column.
  if (blindFault(on.faults, 'blind33-review-list-game-name-cut-at-30'))
    data.forEach((item) => (item.game.name = gameNameAsStored(item.game.name)));
  // Blind fault `blind31-review-body-deleted-by-list`: the summaries made by deleting the cached records' bodies.
  if (blindFault(on.faults, 'blind31-review-body-deleted-by-list'))
    bodiesDeletedByList(
      on.faults,
      page.reviews.map((review) => review.id),
    );
  const body = collateralCollection(
    misreadCollection(
      hotfixLinks(
        numberedLinks(deviateCollection(collection(data, request), request, on), request, on),
        request,
        on,
      ),
      request,
      on,
      'reviews',
      raw,
    ),
    request,
    on,
  );
  // Blind fault `blind23-reviews-next-link-v2-cursor`: a first page without `page` linked on by v2's cursor paginator.
  const last = page.reviews.at(-1);
  if (
    blindFault(on.faults, 'blind23-reviews-next-link-v2-cursor') &&
    body.links.next !== undefined &&
    last !== undefined &&
    !new URLSearchParams(request.rawQuery).has('page')
  ) {
    body.links.next = cursorLink(`${represent.apiBase}/reviews`, request.rawQuery, last.id);
  }
  // Blind fault `blind18-reviews-game-next-from-overall-total`: the next page decided from the whole collection's total.
  if (
    blindFault(on.faults, 'blind18-reviews-game-next-from-overall-total') &&
    typeof reviewQuery.game === 'number'
  ) {
    const overall = context.reviews.list({ ...reviewQuery, game: 'any' }).total;
    const { next } = paginationLinks({ ...request, total: overall });
    const { self, previous } = body.links;
    body.links = {
      self,
      ...(next === undefined ? {} : { next }),
      ...(previous === undefined ? {} : { previous }),
    };
  }
  // Blind variants `bv4-links-first-last`, `bv4-meta-total-pages`: first and last links, the number of pages.
  sendJson(
    res,
    200,
    portCollection(pagedWithExtras(linksAsAsked(body, on.variants), request, on.variants), on),
  );
};

/** Blind faults of set 35 on a review (set-35-copies.ts): `urls.game` on the reviews' path, `edited` null read as 0. */
function copiedReview<T extends ReviewSummary>(review: T, apiBase: string, { faults }: Deviations): T {
  let copied = review;
  if (blindFault(faults, 'blind35-review-game-link-reviews-path'))
    copied = gameLinkOnReviewsPath(copied, apiBase);
  if (blindFault(faults, 'blind35-review-edited-null-as-epoch')) copied = editedNullAsEpoch(copied);
  return copied;
}

/** Blind faults of set 34 on GET /reviews (set-34-pages.ts): the page as the mistakes on read it, or undefined. */
function laterReviewPage(
  req: Request,
  context: AppContext,
  query: ReviewQuery,
  { faults }: Deviations,
): ReviewPage | undefined {
  return (
    (blindFault(faults, 'blind34-reviews-game-later-pages-oldest-first')
      ? gameLaterPageOldestFirst(context.reviews, query)
      : undefined) ??
    (blindFault(faults, 'blind34-reviews-cursor-kept-from-previous-request')
      ? pageFromKeptCursor(context.reviews, query, rawQueryOf(req.originalUrl))
      : undefined) ??
    (blindFault(faults, 'blind34-reviews-partial-last-page-filled')
      ? partialLastPageFilled(context.reviews, query)
      : undefined)
  );
}

/** Blind fault `blind31-reviews-game-rows-spliced`: a game's page spliced out of its cached reviews, or undefined. */
function splicedReviewPage(
  reviews: ReviewIndex,
  query: ReviewQuery,
  { faults }: Deviations,
): ReviewPage | undefined {
  return blindFault(faults, 'blind31-reviews-game-rows-spliced')
    ? reviewsOfGameSpliced(faults, reviews, query)
    : undefined;
}

/** Blind set 22: a page of GET /reviews as an almost-right optimisation has it, or undefined (set-22-optimisations.ts). */
function optimisedReviewPage(
  reviews: ReviewIndex,
  query: ReviewQuery,
  { faults }: Deviations,
): ReviewPage | undefined {
  if (blindFault(faults, 'blind22-reviews-chunk-boundary-skip') && query.game === 'any')
    return reviewsReadByChunks(reviews, query);
  if (blindFault(faults, 'blind22-reviews-game-binary-search-last-missed') && typeof query.game === 'number')
    return gameReviewsShortOfLast(reviews, { ...query, game: query.game });
  return undefined;
}

/** Blind fault `blind24-reviews-offset-int32-wraps`: the page read at an offset computed in 32 bits, when it wraps. */
function numberedReviewPage(
  reviews: ReviewIndex,
  query: ReviewQuery,
  { faults }: Deviations,
): ReviewPage | undefined {
  if (!blindFault(faults, 'blind24-reviews-offset-int32-wraps')) return undefined;
  const offset = int32Offset(query.page, query.perPage);
  if (offset === undefined) return undefined;
  const all = reviews.list({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER });
  return { total: all.total, reviews: all.reviews.slice(offset, offset + query.perPage) };
}

/** Blind fault `blind24-legacy-rating-halved`: a review from before 2025 read as rated out of 10. */
function halvedLegacyRating<T extends ReviewSummary>(
  served: T,
  review: { submitted: number },
  { faults }: Deviations,
): T {
  if (!blindFault(faults, 'blind24-legacy-rating-halved') || review.submitted >= LEGACY_RATING_BEFORE)
    return served;
  return served.rating === null ? served : { ...served, rating: served.rating / 2 };
}

/** Blind fault `blind23-review-author-v2-name-old-ids`: a review migrated to the v2 store carries v2's author object. */
function migratedReview<T extends ReviewSummary>(review: T, { faults }: Deviations): T {
  return blindFault(faults, 'blind23-review-author-v2-name-old-ids') && review.id <= V2_MIGRATED_REVIEWS_UP_TO
    ? v2Author(review)
    : review;
}

/** Blind fault `blind20-reviews-parsed-query-memo-mutated`: the memo's parsed query of this query string, shared. */
function memoisedReviewQuery(req: Request, context: AppContext): RawQuery {
  const text = rawQueryOf(req.originalUrl);
  const memo = keptValue<RawQuery>(context, 'parsed-queries', text, 0);
  if (memo !== undefined) return memo;
  const parsed = query(req);
  keep(context, 'parsed-queries', text, parsed, Number.POSITIVE_INFINITY);
  return parsed;
}

/** getReview — §4 GET /reviews/{reviewId}; D16: an unknown id is `review_not_found`. */
export const getReview: OperationHandler = (req, res, params, context) => {
  // Blind fault `blind29-review-id-read-by-number`: the path id read with Number().
  const id = blindFault(context.faults, 'blind29-review-id-read-by-number')
    ? reviewIdByNumber(params.reviewId)
    : pathId(params, 'reviewId');
  const found = deviateReviewLookup(
    id === undefined ? undefined : context.reviews.review(id),
    deviationsOf(context),
  );
  // Blind fault `blind32-review-of-admin-disabled-game-404`: the lookup through the moderation filter.
  const review =
    found !== undefined &&
    blindFault(context.faults, 'blind32-review-of-admin-disabled-game-404') &&
    context.games.game(found.gameId)?.archiveReason === 'admin_disabled'
      ? undefined
      : // Blind fault `blind36-review-of-archived-game-404`: the lookup through the collection's default scope.
        found !== undefined &&
          blindFault(context.faults, 'blind36-review-of-archived-game-404') &&
          (context.games.game(found.gameId)?.archiveReason ?? null) !== null
        ? undefined
        : found;
  // Blind fault `blind18-missing-review-404-data-null`: the lookup miss answered by the detail's serializer, `{data: null}`.
  if (!review && blindFault(context.faults, 'blind18-missing-review-404-data-null')) {
    sendJson(res, 404, { data: null });
    return;
  }
  if (!review) {
    // The game handler's code, copied along with its lookup (fault); or "no such resource" (variant, D16).
    let code: 'game_not_found' | 'review_not_found' | 'route_not_found' = 'review_not_found';
    if (context.faults.has('missing-review-game-not-found')) code = 'game_not_found';
    else if (context.variants.has('missing-review-route-not-found')) code = 'route_not_found';
    sendError(res, code);
    return;
  }
  const represent = representationContext(req, context);
  // Fault `review-detail-without-body`: the summary form answered for the detail.
  const data = context.faults.has('review-detail-without-body')
    ? reviewSummary(review, represent)
    : reviewDetail(review, represent);
  // Blind fault `blind4-review-detail-latin1`: the detail encoded as the latin1 database connection hands it over.
  if (blindFault(context.faults, 'blind4-review-detail-latin1')) {
    res.setHeader('Content-Type', 'application/json; charset=iso-8859-1');
    res
      .status(200)
      .send(Buffer.from(JSON.stringify({ data: deviateReview(data, deviationsOf(context)) }), 'latin1'));
    return;
  }
  const on = deviationsOf(context);
  const served = {
    data: collateralReview(
      misreadReview(
        consistencyReview(
          halvedLegacyRating(migratedReview(deviateReview(data, on), on), review, on),
          review,
          on,
        ),
        on,
      ),
      on,
    ),
  };
  // Blind faults of set 35: `urls.game` and `dates.edited` written by the lines copied from their neighbours.
  if (on.faults.size > 0) served.data = copiedReview(served.data, represent.apiBase, on);
  // Blind fault `blind38-review-detail-archived-tinyint`: the hand-written join's TINYINT(1) handed over as 0 or 1.
  if (on.faults.size > 0 && blindFault(on.faults, 'blind38-review-detail-archived-tinyint'))
    served.data = archivedAsTinyint(served.data);
  // Blind fault `blind33-review-detail-long-title-shortened`: the page title's shortener.
  if (blindFault(on.faults, 'blind33-review-detail-long-title-shortened'))
    served.data.title = shortenedTitle(served.data.title);
  // Blind fault `blind31-review-body-deleted-by-list`: the cached record's body deleted by a list's summaries.
  if (blindFault(on.faults, 'blind31-review-body-deleted-by-list') && bodyDeleted(on.faults, review.id))
    delete (served.data as { body?: string }).body;
  // Blind fault `blind30-review-body-control-chars-raw`: a hand-made serialiser escaping `"` and `\` only.
  if (blindFault(on.faults, 'blind30-review-body-control-chars-raw')) {
    sendJsonText(res, reviewJsonWithRawBody(served));
    return;
  }
  sendJson(res, 200, served);
};

/** Blind fault `blind16-tags-body-bom`: the byte order mark the taxonomy file was saved with. */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** listTags — §4 GET /tags. */
export const listTags: OperationHandler = (req, res, _params, context) => {
  // Blind fault `blind13-tags-query-refused`: a request validator refusing the parameters the operation does not define.
  if (blindFault(context.faults, 'blind13-tags-query-refused') && rawQueryOf(req.originalUrl) !== '') {
    sendError(res, 'invalid_filter', 'GET /tags takes no parameters.', {
      query: rawQueryOf(req.originalUrl),
    });
    return;
  }
  const { taxonomy } = context.dataset;
  const listed = tagList(taxonomy);
  const dropped = rareTagValuesDropped(
    // Blind variant `bv1-tags-by-name`: the groups and their values in alphabetical order of names.
    deviateTags(
      context.variants.has('bv1-tags-by-name') ? tagsByName(listed) : listed,
      taxonomy,
      deviationsOf(context),
    ),
    context.dataset,
    deviationsOf(context),
  );
  // Blind fault `blind23-tags-location-v2-ids`: the location group read from v2's taxonomy, renumbered.
  const renumbered = blindFault(context.faults, 'blind23-tags-location-v2-ids')
    ? v2LocationIds(dropped, taxonomy)
    : dropped;
  // Blind fault `blind31-tags-taxonomy-overwritten-by-filter`: the module-level taxonomy a tag filter's load overwrote.
  const located = blindFault(context.faults, 'blind31-tags-taxonomy-overwritten-by-filter')
    ? taxonomyOfVariable(context.faults, renumbered)
    : renumbered;
  // Blind variant `bv5-tag-group-parameter-member`: each group names the GET /games filter its ids feed.
  const grouped = blindFault(context.faults, 'blind32-tags-playcount-group-missing')
    ? withoutPlaycountGroup(located, taxonomy)
    : located;
  // Blind fault `blind33-tags-group-values-capped-11`: a row of eleven values a group.
  const capped = blindFault(context.faults, 'blind33-tags-group-values-capped-11')
    ? groupValuesCapped(grouped)
    : grouped;
  // Blind fault `blind34-tags-last-row-dropped`: a one-row look-behind that never appends the last row.
  const lastRow = blindFault(context.faults, 'blind34-tags-last-row-dropped')
    ? lastRowDropped(capped)
    : capped;
  // Blind fault `blind35-tags-type-group-reads-theme-values`: the type group's block copied from the theme group's.
  const typed = blindFault(context.faults, 'blind35-tags-type-group-reads-theme-values')
    ? typeGroupReadsThemeValues(lastRow, taxonomy)
    : lastRow;
  // Blind fault `blind36-tags-group-values-key-tags`: the groups serialised with the ORM relation's name.
  const named = blindFault(context.faults, 'blind36-tags-group-values-key-tags')
    ? groupValuesUnderTags(typed)
    : typed;
  const body = context.variants.has('bv5-tag-group-parameter-member')
    ? withFilterParameters(named, taxonomy)
    : named;
  // Blind fault `blind20-tags-range-206`: the taxonomy file served by a file server that honours byte ranges.
  if (blindFault(context.faults, 'blind20-tags-range-206')) {
    const bytes = Buffer.from(JSON.stringify(body));
    res.setHeader('Accept-Ranges', 'bytes');
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? '').trim());
    const first = range?.[1] ? Number(range[1]) : undefined;
    const last = range?.[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
    if (range && first !== undefined && first <= last) {
      res.statusCode = 206;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Range', `bytes ${first}-${last}/${bytes.length}`);
      res.setHeader('Content-Length', last - first + 1);
      res.end(bytes.subarray(first, last + 1));
      return;
    }
  }
  // Blind fault `blind16-tags-body-bom`: the taxonomy file's bytes sent as read, a UTF-8 byte order mark first.
  if (blindFault(context.faults, 'blind16-tags-body-bom')) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.status(200).send(Buffer.concat([UTF8_BOM, Buffer.from(JSON.stringify(body))]));
    return;
  }
  // Blind fault `blind9-tags-served-as-html`: the pre-serialised body sent as a string, which Express labels HTML.
  if (blindFault(context.faults, 'blind9-tags-served-as-html')) {
    res.status(200).send(JSON.stringify(body));
    return;
  }
  // Blind fault `blind2-tags-bare-array`: the groups answered without the `data` envelope.
  // Blind fault `blind21-tag-ids-int64-strings`: protobuf JSON writes int64 ids as strings.
  if (blindFault(context.faults, 'blind21-tag-ids-int64-strings')) {
    const data = body.data.map((group) => ({
      ...group,
      id: String(group.id),
      values: group.values.map((value) => ({ ...value, id: String(value.id) })),
    }));
    sendJson(res, 200, { data });
    return;
  }
  // Blind fault `blind30-tags-accept-charset-utf16`: a negotiating formatter honouring Accept-Charset (UTF-8 or UTF-16).
  if (
    blindFault(context.faults, 'blind30-tags-accept-charset-utf16') &&
    prefersUtf16(req.headers['accept-charset'])
  ) {
    res.setHeader('Content-Type', 'application/json; charset=utf-16');
    res.status(200).send(Buffer.from(JSON.stringify(body), 'utf16le'));
    return;
  }
  sendJson(res, 200, blindFault(context.faults, 'blind2-tags-bare-array') ? body.data : body);
};

/** getLegacyJson — §1.6, §9.3, D30: the retired endpoint is gone (at the origin root and under the base). */
export const legacyJson: OperationHandler = (req, res, _params, context) => {
  // Blind fault `blind8-json-php-redirects`: the legacy clients' GET sent on to the API, permanently.
  if (blindFault(context.faults, 'blind8-json-php-redirects') && req.method === 'GET') {
    res.redirect(301, `${API_PREFIX}/games`);
    return;
  }
  // Blind fault `blind3-json-php-plain-text-gone`: Express's status-only answer, text/plain "Gone".
  if (blindFault(context.faults, 'blind3-json-php-plain-text-gone')) {
    res.sendStatus(410);
    return;
  }
  // Blind fault `blind27-gone-without-request-id`: the envelope written before the request-id middleware runs.
  if (blindFault(context.faults, 'blind27-gone-without-request-id')) {
    const { request_id: _unassigned, ...envelope } = errorEnvelope('endpoint_retired', res.locals.requestId);
    sendJson(res, 410, envelope);
    return;
  }
  // Blind variant `bv1-legacy-gone-code`: the retired endpoint's 410 under the code `gone`.
  if (context.variants.has('bv1-legacy-gone-code')) {
    sendJson(res, 410, {
      error: { code: 'gone', message: ERRORS.endpoint_retired.message },
      request_id: res.locals.requestId,
    });
    return;
  }
  sendError(res, context.faults.has('json-php-404') ? 'route_not_found' : 'endpoint_retired');
};
