/**
 * The deliberate faults and legitimate variants of GET /games, kept out of the domain
 * modules: domain/game-query.ts parses and domain/game-index.ts lists as the API says,
 * and the deviations reach them from here — as the rules the index is built with once
 * at start-up (context.ts), as the rules and the raw parameters the query is parsed
 * with, and around the index's search (operations.ts). Each deviation names its
 * catalogue entry (faults.ts, variants.ts); with none on, every function here returns
 * the API's rules or its input unchanged.
 */
import { CATEGORY_KEYS, type CategoryKey, type GameRecord } from '../../../fixtures/src/model.ts';
import { lastCrawled, lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { domainError, type DomainError, type RawQuery } from '../domain/domain-result.ts';
import {
  GAME_INDEX_RULES,
  ONLINE_RECENTLY_SECONDS,
  RECENTLY_UPDATED_SECONDS,
  SORT_KEYS,
  tagClauses,
  type GameIndex,
  type GameIndexRules,
  type GamePage,
  type TagClause,
  type TagTerm,
} from '../domain/game-index.ts';
import {
  CONNECTION_TYPES,
  DEFAULT_PER_PAGE,
  GAME_QUERY_RULES,
  GAME_SORTS,
  MAX_PER_PAGE,
  tagParameters,
  WEB_ONLY_NOT_ONLINE_RECENTLY,
  WEB_ONLY_NOT_RECENTLY_ONLINE,
  type GameQuery,
  type GameQueryRules,
} from '../domain/game-query.ts';
import { parsePositiveInteger } from '../domain/strict-integer.ts';
import { lastPage } from '../domain/pagination.ts';
import { rawQueryOf } from '../query-parser.ts';
import { blindFault } from '../blind-faults/set-1.ts';
import { blindPage, withoutFilters } from './blind-pages.ts';
import { positionsByName } from '../blind-variants/set-3-behaviour.ts';
import { gameSizeIndexWithGap } from '../blind-faults/set-23-migration.ts';
import { serverOffsetSeconds } from '../blind-faults/set-21-ports.ts';
import {
  cappedCount,
  hasTermWithoutTrigram,
  mostReviewedByKeyset,
  recentlyOnlineFirstOrder,
  reviewedByMisaddressedBitset,
  searchOfCutTokens,
  searchOfStems,
  searchOrderWithoutSort,
  tagFilteredWindow,
  tagUnionsByFirstId,
  updatedSinceFirstRequest,
} from '../blind-faults/set-22-optimisations.ts';
import type { FaultSet } from '../faults.ts';
import type { VariantSet } from '../variants.ts';
import type { Deviations } from './representation.ts';

/** Blind fault `blind17-q-tag-filter-first-100-hits`: the hits a search backend answers by default. */
const SEARCH_BACKEND_SIZE = 100;

/** Fault `offset-capped-at-250`: the largest OFFSET served. */
const OFFSET_CAP = 250;

/** The tag filter as the switched-on faults combine the requested ids. */
function deviatingTagClauses(faults: FaultSet): GameIndexRules['tagClauses'] {
  // Fault `and-within-category`: several ids of one category must all match.
  const andWithin = faults.has('and-within-category');
  // Fault `untagged-games-pass-tag-filter`: a game without a tag in a category passes its filter.
  const untaggedPass = faults.has('untagged-games-pass-tag-filter');
  // Fault `or-across-categories`: the ids of different categories combine with OR.
  const orAcross = faults.has('or-across-categories');
  if (!andWithin && !untaggedPass && !orAcross) return tagClauses;
  return (tagIds) => {
    const clauses: TagClause[] = [];
    for (const category of CATEGORY_KEYS) {
      const ids = tagIds[category];
      if (ids === undefined) continue;
      if (andWithin) {
        for (const tagId of ids) clauses.push([{ category, tagId }]);
        continue;
      }
      const clause: TagTerm[] = ids.map((tagId) => ({ category, tagId }));
      if (untaggedPass) clause.push({ category, tagId: null });
      clauses.push(clause);
    }
    if (!orAcross || andWithin || clauses.length === 0) return clauses;
    return [clauses.flat()];
  };
}

/** The rules the GameIndex is built with (context.ts): the API's, but for the switched-on deviations. */
export function gameIndexRules(faults: FaultSet, variants: VariantSet): GameIndexRules {
  if (faults.size === 0 && variants.size === 0) return GAME_INDEX_RULES;
  const rules: GameIndexRules = { ...GAME_INDEX_RULES, tagClauses: deviatingTagClauses(faults) };
  // Fault `unlisted-without-discord`: active games without a community link are not listed.
  if (faults.has('unlisted-without-discord')) {
    rules.listed = (game) => GAME_INDEX_RULES.listed(game) && game.discord !== null;
  }
  // Fault `archived-in-results`: archived games are listed, in data and total.
  // Fault `archived-in-total`: archived games are listed too, and searchGames hides them from the pages.
  if (faults.has('archived-in-results') || faults.has('archived-in-total')) rules.listed = () => true;
  // Fault `archived-rank-not-null`: archived games are ranked among the active ones.
  if (faults.has('archived-rank-not-null')) rules.ranked = () => true;
  // Fault `q-name-only`: q searches the name only.
  if (faults.has('q-name-only')) rules.searchedFields = (game) => [game.name];
  // Fault `q-description-first-255-chars`: the description is searched as a VARCHAR(255) column holds it.
  if (faults.has('q-description-first-255-chars')) {
    rules.searchedFields = (game) => [game.name, game.intro, game.description.slice(0, 255)];
  }
  // Blind fault `blind-q-ignores-intro`: the search reads the name and the description columns only.
  if (blindFault(faults, 'blind-q-ignores-intro'))
    rules.searchedFields = (game) => [game.name, game.description];
  // Fault `q-any-term`: a game matches when any one of the terms occurs.
  if (faults.has('q-any-term')) rules.termsMatch = 'any';
  const keys = { ...SORT_KEYS };
  // Fault `sort-top-voted-ascending`: top_voted puts the fewest votes first.
  if (faults.has('sort-top-voted-ascending')) keys.top_voted = (game, n) => -SORT_KEYS.top_voted(game, n);
  // Fault `sort-oldest-is-newest`: oldest orders as newest does.
  if (faults.has('sort-oldest-is-newest')) keys.oldest = SORT_KEYS.newest;
  // Fault `sort-most-reviewed-ascending`: most_reviewed puts the fewest reviews first.
  if (faults.has('sort-most-reviewed-ascending')) {
    keys.most_reviewed = (game, n) => -SORT_KEYS.most_reviewed(game, n);
  }
  // Blind variant `bv3-newest-by-created`: newest and oldest by the creation date, not the listing date.
  if (variants.has('bv3-newest-by-created')) {
    keys.newest = (game) => -game.created;
    keys.oldest = (game) => game.created;
  }
  rules.sortKeys = keys;
  // Blind variant `bv3-sort-ties-by-name`: equal keys (and equal votes, for ranks) by name, then id.
  if (variants.has('bv3-sort-ties-by-name')) rules.tieOrder = positionsByName;
  // Blind variant `bv3-unvoted-games-ranked`: active games without votes ranked after the others.
  if (variants.has('bv3-unvoted-games-ranked')) rules.rankWithoutVotes = true;
  // Variant `sort-ties-id-desc` (D22): equal keys by id descending.
  if (variants.has('sort-ties-id-desc')) rules.tiesById = 'descending';
  // Fault `recently-updated-60-days`: the recently_updated window is 60 days.
  if (faults.has('recently-updated-60-days')) rules.recentlyUpdatedSeconds = 60 * 86_400;
  // Blind fault `blind-recently-updated-31-days`: "the last 30 days" counted from the day before.
  if (blindFault(faults, 'blind-recently-updated-31-days')) rules.recentlyUpdatedSeconds = 31 * 86_400;
  // Fault `online-recently-7-days`: the online_recently window is 7 days.
  if (faults.has('online-recently-7-days')) rules.onlineRecentlySeconds = 7 * 86_400;
  // Blind variant `bv2-recent-windows-exclusive`: "the last 30 days / 48 hours" open at their start (whole seconds).
  if (variants.has('bv2-recent-windows-exclusive')) {
    rules.recentlyUpdatedSeconds -= 1;
    rules.onlineRecentlySeconds -= 1;
  }
  // Blind variant `bv2-rank-ties-shared`: equal monthly votes share a rank (1, 2, 2, 4).
  if (variants.has('bv2-rank-ties-shared')) rules.tiesShareRank = true;
  return rules;
}

/** The rules the GET /games query is parsed with: the API's, but for the switched-on faults. */
export function gameQueryRules({ faults }: Deviations): GameQueryRules {
  if (faults.size === 0) return GAME_QUERY_RULES;
  const rules: GameQueryRules = { ...GAME_QUERY_RULES };
  // Fault `unknown-sort-is-newest`: an unknown (or missing) sort falls back to newest.
  if (faults.has('unknown-sort-is-newest')) {
    rules.defaultSort = 'newest';
    rules.unknownSortFallback = 'newest';
  }
  // Fault `unknown-sort-422`: an unknown sort is refused instead of falling back.
  if (faults.has('unknown-sort-422')) rules.unknownSortFallback = undefined;
  // Blind fault `blind10-unknown-sort-first-option`: a sort's index looked up, a miss (-1) clamped to the list's first.
  if (blindFault(faults, 'blind10-unknown-sort-first-option')) rules.unknownSortFallback = GAME_SORTS[0];
  // Blind fault `blind10-mud-client-online-recently-refused`: the combination checks read connection_type !== 'all'.
  if (blindFault(faults, 'blind10-mud-client-online-recently-refused')) {
    rules.combinations = rules.combinations.map((rule) =>
      rule === WEB_ONLY_NOT_ONLINE_RECENTLY || rule === WEB_ONLY_NOT_RECENTLY_ONLINE
        ? (query) =>
            query.connectionType === 'mud_client'
              ? rule({ ...query, connectionType: 'web_only' })
              : rule(query)
        : rule,
    );
  }
  // Fault `per-page-default-10`: per_page defaults to 10.
  if (faults.has('per-page-default-10')) rules.defaultPerPage = 10;
  // Blind fault `blind-web-only-online-recently-with-q-accepted`: the combination check sits in the
  // branch for requests without a search.
  if (blindFault(faults, 'blind-web-only-online-recently-with-q-accepted')) {
    rules.combinations = rules.combinations.map((rule) =>
      rule === WEB_ONLY_NOT_ONLINE_RECENTLY
        ? (query) => (query.terms.length > 0 ? undefined : rule(query))
        : rule,
    );
  }
  // Blind fault `blind17-web-only-any-flag-refused`: the online_recently combination guarded by "any flag set".
  if (blindFault(faults, 'blind17-web-only-any-flag-refused')) {
    rules.combinations = rules.combinations.map((rule) =>
      rule === WEB_ONLY_NOT_ONLINE_RECENTLY
        ? (query) =>
            rule({
              ...query,
              onlineRecently: query.hasReviews || query.recentlyUpdated || query.onlineRecently,
            })
        : rule,
    );
  }
  rules.combinations = rules.combinations.filter(
    (rule) =>
      // Fault `web-only-online-recently-accepted`: web_only with online_recently=1 is accepted.
      !(rule === WEB_ONLY_NOT_ONLINE_RECENTLY && faults.has('web-only-online-recently-accepted')) &&
      // Fault `web-only-recently-online-sort-accepted`: web_only with sort=recently_online is accepted.
      !(rule === WEB_ONLY_NOT_RECENTLY_ONLINE && faults.has('web-only-recently-online-sort-accepted')),
  );
  return rules;
}

/** A decimal integer of any size and sign (what a clamping parser takes). */
/**
 * Blind fault `blind19-web-only-check-skipped-when-flag-first`: the parameters validated in the order
 * they arrive, the web_only combinations checked by the validators of `online_recently` and `sort`
 * against the connection type read so far, so a flag or sort sent before `connection_type` passes.
 */
export function combinationsInArrivalOrder(
  rules: GameQueryRules,
  url: string,
  { faults }: Deviations,
): GameQueryRules {
  if (!blindFault(faults, 'blind19-web-only-check-skipped-when-flag-first')) return rules;
  const names = [...new URLSearchParams(rawQueryOf(url)).keys()];
  const position = (name: string) => {
    const at = names.indexOf(name);
    return at === -1 ? Number.POSITIVE_INFINITY : at;
  };
  const connection = position('connection_type');
  return {
    ...rules,
    combinations: rules.combinations.filter(
      (rule) =>
        !(rule === WEB_ONLY_NOT_ONLINE_RECENTLY && position('online_recently') < connection) &&
        !(rule === WEB_ONLY_NOT_RECENTLY_ONLINE && position('sort') < connection),
    ),
  };
}

const INTEGER = /^(0|-?[1-9][0-9]*)$/;

/** The GET /games parameters as the switched-on deviations read them, before the domain parses them. */
export function deviateGameParameters(
  raw: RawQuery,
  { faults, variants }: Deviations,
  url?: string,
): RawQuery {
  if (faults.size === 0 && variants.size === 0) return raw;
  const out: RawQuery = { ...raw };
  // Blind fault `blind19-q-encoded-ampersand-splits`: the query decoded as a whole before it is split, an encoded `&` ending `q`.
  if (blindFault(faults, 'blind19-q-encoded-ampersand-splits') && typeof out.q === 'string') {
    const at = out.q.indexOf('&');
    if (at !== -1) out.q = out.q.slice(0, at);
  }
  // Blind fault `blind19-per-page-after-page-resets-page`: parameters applied in arrival order, a page size going back to page 1.
  if (blindFault(faults, 'blind19-per-page-after-page-resets-page') && url !== undefined) {
    const names = [...new URLSearchParams(rawQueryOf(url)).keys()];
    const [page, perPage] = [names.indexOf('page'), names.lastIndexOf('per_page')];
    if (page !== -1 && perPage > page) out.page = undefined;
  }
  // Blind fault `blind19-bare-tag-ignored-beside-bracketed`: one style per request, the bare names not read beside a bracketed one.
  if (
    blindFault(faults, 'blind19-bare-tag-ignored-beside-bracketed') &&
    CATEGORY_KEYS.some((category) => out[tagParameters(category)[0]] !== undefined)
  ) {
    for (const category of CATEGORY_KEYS) out[tagParameters(category)[1]] = undefined;
  }
  // Blind fault `blind11-tag-ids-comma-separated-accepted`: a tag parameter's value split on commas before its ids are read.
  if (blindFault(faults, 'blind11-tag-ids-comma-separated-accepted')) {
    for (const name of CATEGORY_KEYS.flatMap(tagParameters)) {
      const values = out[name];
      if (values === undefined) continue;
      const split = (Array.isArray(values) ? values : [values]).flatMap((text) => text.split(','));
      out[name] = split.length === 1 ? split[0] : split;
    }
  }
  // Blind fault `blind10-has-reviews-zero-inverts`: has_reviews read as a boolean, 0 taken (searchGames inverts it).
  if (blindFault(faults, 'blind10-has-reviews-zero-inverts') && raw.has_reviews === '0')
    out.has_reviews = undefined;
  // Blind fault `blind8-encoded-bracket-tag-ignored`: the tag names looked up as written, `%5B%5D` not read as `[]`.
  if (blindFault(faults, 'blind8-encoded-bracket-tag-ignored') && url !== undefined) {
    const encoded = rawQueryOf(url)
      .split('&')
      .map((pair) => pair.split('=')[0]!)
      .filter((name) => /%5b|%5d/i.test(name));
    for (const name of encoded) {
      const decoded = new URLSearchParams(`${name}=`).keys().next().value;
      if (decoded !== undefined && CATEGORY_KEYS.flatMap(tagParameters).includes(decoded)) {
        out[decoded] = undefined;
      }
    }
  }
  // Blind fault `blind9-single-bracketed-tag-ignored`: the bracketed names read only when they arrive as a list.
  if (blindFault(faults, 'blind9-single-bracketed-tag-ignored')) {
    for (const category of CATEGORY_KEYS) {
      const bracketed = tagParameters(category)[0];
      if (typeof out[bracketed] === 'string') out[bracketed] = undefined;
    }
  }
  // Fault `bracketless-tag-ignored`: a tag parameter without brackets is not read.
  if (faults.has('bracketless-tag-ignored')) {
    for (const category of CATEGORY_KEYS) out[tagParameters(category)[1]] = undefined;
  }
  // Fault `has-reviews-2-accepted`: any positive integer reads as has_reviews=1.
  const hasReviews = out.has_reviews;
  if (
    faults.has('has-reviews-2-accepted') &&
    typeof hasReviews === 'string' &&
    parsePositiveInteger(hasReviews) !== undefined
  ) {
    out.has_reviews = '1';
  }
  // Blind fault `blind-recently-updated-zero-accepted`: a falsy flag read as "not asked".
  if (blindFault(faults, 'blind-recently-updated-zero-accepted') && out.recently_updated === '0') {
    out.recently_updated = undefined;
  }
  // Blind fault `blind-connection-type-unknown-is-all`: anything but web_only and mud_client is all.
  if (
    blindFault(faults, 'blind-connection-type-unknown-is-all') &&
    typeof out.connection_type === 'string' &&
    !CONNECTION_TYPES.some((type) => type === out.connection_type)
  ) {
    out.connection_type = undefined;
  }
  // Blind fault `blind-playcount-filter-ignored`: the parameter read under another name (play_count_tag_id).
  if (blindFault(faults, 'blind-playcount-filter-ignored')) {
    for (const name of tagParameters('playcount')) out[name] = undefined;
  }
  // Blind fault `blind-tag-id-zero-accepted`: tag ids checked as >= 0; id 0 then names no tag.
  if (blindFault(faults, 'blind-tag-id-zero-accepted')) {
    for (const name of CATEGORY_KEYS.flatMap(tagParameters)) {
      const values = out[name];
      const noTag = (text: string) => (text === '0' ? String(Number.MAX_SAFE_INTEGER) : text);
      if (Array.isArray(values)) out[name] = values.map(noTag);
      else if (typeof values === 'string') out[name] = noTag(values);
    }
  }
  // Blind fault `blind2-language-filter-reads-location`: the language ids read into the location filter.
  if (blindFault(faults, 'blind2-language-filter-reads-location')) {
    const [bracketed, bare] = tagParameters('language');
    if (out[bracketed] !== undefined || out[bare] !== undefined) {
      const [locationBracketed, locationBare] = tagParameters('location');
      [out[locationBracketed], out[locationBare]] = [out[bracketed], out[bare]];
      [out[bracketed], out[bare]] = [undefined, undefined];
    }
  }
  // Blind fault `blind3-non-numeric-tag-id-ignored`: the ids mapped through Number() and the NaNs filtered out.
  if (blindFault(faults, 'blind3-non-numeric-tag-id-ignored')) {
    for (const name of CATEGORY_KEYS.flatMap(tagParameters)) {
      const values = out[name];
      if (values === undefined) continue;
      const numeric = (Array.isArray(values) ? values : [values]).filter(
        (text) => !Number.isNaN(Number(text)),
      );
      out[name] = numeric.length === 0 ? undefined : Array.isArray(values) ? numeric : numeric[0];
    }
  }
  // Blind fault `blind5-online-recently-true-accepted`: the flag read by a boolean parser.
  if (
    blindFault(faults, 'blind5-online-recently-true-accepted') &&
    typeof out.online_recently === 'string' &&
    ['true', 'yes', 'on'].includes(out.online_recently.toLowerCase())
  ) {
    out.online_recently = '1';
  }
  // Blind fault `blind5-tag-repeat-last-wins`: a repeated tag parameter read into a plain object, the last value kept.
  if (blindFault(faults, 'blind5-tag-repeat-last-wins')) {
    for (const name of CATEGORY_KEYS.flatMap(tagParameters)) {
      const values = out[name];
      if (Array.isArray(values) && values.length > 0) out[name] = values[values.length - 1];
    }
  }
  // Variant `connection-type-case-insensitive` (D60): WEB_ONLY reads as web_only.
  const connection = out.connection_type;
  if (
    variants.has('connection-type-case-insensitive') &&
    typeof connection === 'string' &&
    CONNECTION_TYPES.some((type) => type === connection.toLowerCase())
  ) {
    out.connection_type = connection.toLowerCase();
  }
  // Variant `repeated-tag-id-deduplicated` (D57): an id repeated within a tag parameter counts once.
  if (variants.has('repeated-tag-id-deduplicated')) {
    for (const name of CATEGORY_KEYS.flatMap(tagParameters)) {
      const values = out[name];
      if (Array.isArray(values)) out[name] = [...new Set(values)];
    }
  }
  // Variant `games-bad-paging-clamped` (D18): a paging value out of range or malformed (or
  // repeated) falls back to the nearest valid one, as /reviews does (D19), instead of 422.
  if (variants.has('games-bad-paging-clamped')) {
    for (const [name, max] of [
      ['page', Number.MAX_SAFE_INTEGER],
      ['per_page', MAX_PER_PAGE],
    ] as const) {
      const text = out[name];
      out[name] =
        typeof text === 'string' && INTEGER.test(text)
          ? String(Math.min(max, Math.max(1, Number(text))))
          : undefined;
    }
  }
  return out;
}

/** Blind fault `blind-per-page-50-refused`: per_page checked as < 50 instead of <= 50. */
export function refusedPerPage(raw: RawQuery, { faults }: Deviations): { error: DomainError } | undefined {
  if (!blindFault(faults, 'blind-per-page-50-refused') || raw.per_page !== String(MAX_PER_PAGE))
    return undefined;
  return domainError(
    422,
    'invalid_filter',
    `Parameter 'per_page' must be an integer from 1 to ${MAX_PER_PAGE}.`,
    {
      parameter: 'per_page',
      value: raw.per_page,
    },
  );
}

/** Blind fault `blind3-connection-type-all-refused`: connection_type validated against web_only and mud_client only. */
export function blindRefusedGameParameters(
  raw: RawQuery,
  { faults }: Deviations,
): { error: DomainError } | undefined {
  // Blind fault `blind17-web-only-unknown-sort-refused`: with web_only, a sort not on the web-only list is refused.
  if (
    blindFault(faults, 'blind17-web-only-unknown-sort-refused') &&
    raw.connection_type === 'web_only' &&
    typeof raw.sort === 'string' &&
    !GAME_SORTS.some((sort) => sort === raw.sort)
  ) {
    return domainError(
      422,
      'invalid_filter',
      `Parameter 'sort' must be one of ${GAME_SORTS.filter((sort) => sort !== 'recently_online').join(', ')} with connection_type=web_only.`,
      { parameter: 'sort', value: raw.sort },
    );
  }
  if (!blindFault(faults, 'blind3-connection-type-all-refused') || raw.connection_type !== 'all')
    return undefined;
  return domainError(422, 'invalid_filter', "Parameter 'connection_type' must be web_only or mud_client.", {
    parameter: 'connection_type',
    value: raw.connection_type,
  });
}

/** Blind fault `blind-q-split-on-space-only`: q split with split(' ') rather than on any whitespace. */
export function deviateGameQuery(
  query: GameQuery,
  raw: RawQuery,
  { faults }: Deviations,
  url?: string,
): GameQuery {
  if (faults.size === 0) return query;
  // Blind fault `blind19-q-non-ascii-letters-stripped`: the terms passed through an ASCII-only sanitizer.
  if (blindFault(faults, 'blind19-q-non-ascii-letters-stripped') && query.terms.length > 0) {
    // eslint-disable-next-line no-control-regex
    const terms = query.terms.map((term) => term.replace(/[^\x00-\x7f]/gu, ''));
    return { ...query, terms: [...new Set(terms)].filter((term) => term.length > 0) };
  }
  // Blind fault `blind19-q-encoded-space-not-split`: the terms cut from the raw text at `+` and spaces, then decoded.
  if (blindFault(faults, 'blind19-q-encoded-space-not-split') && url !== undefined) {
    const pair = rawQueryOf(url)
      .split('&')
      .find((part) => part.startsWith('q='));
    if (pair !== undefined) {
      try {
        const terms = pair
          .slice(2)
          .split(/[+ ]+/u)
          .map((term) => decodeURIComponent(term).toLowerCase());
        return { ...query, terms: [...new Set(terms)].filter((term) => term.length > 0) };
      } catch {
        return query;
      }
    }
  }
  // Blind fault `blind9-q-searched-as-phrase`: q not split, its words searched as one phrase.
  if (
    blindFault(faults, 'blind9-q-searched-as-phrase') &&
    query.terms.length > 1 &&
    typeof raw.q === 'string'
  ) {
    return { ...query, terms: [raw.q.trim().toLowerCase().split(/\s+/u).join(' ')] };
  }
  // Blind fault `blind10-q-split-on-punctuation`: q split by a word tokenizer, on anything not a letter or digit.
  if (blindFault(faults, 'blind10-q-split-on-punctuation') && typeof raw.q === 'string') {
    const terms = raw.q.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    return { ...query, terms: [...new Set(terms)].filter((term) => term.length > 0) };
  }
  // Blind fault `blind8-q-plus-decoded-as-space`: percent-decoded first, then `+` read as a space (an encoded plus too).
  if (blindFault(faults, 'blind8-q-plus-decoded-as-space') && typeof raw.q === 'string') {
    const terms = raw.q.replace(/\+/g, ' ').toLowerCase().split(/\s+/u);
    return { ...query, terms: [...new Set(terms)].filter((term) => term.length > 0) };
  }
  if (!blindFault(faults, 'blind-q-split-on-space-only') || typeof raw.q !== 'string') return query;
  const terms = [...new Set(raw.q.toLowerCase().split(' '))].filter((term) => term.length > 0);
  return { ...query, terms };
}

/** Variant `unknown-tag-id-422` (D20): an id the taxonomy does not have is an invalid filter value. */
export function refusedTagIds(query: GameQuery, on: Deviations): { error: DomainError } | undefined {
  if (!on.variants.has('unknown-tag-id-422')) return undefined;
  const unknown = Object.values(query.tagIds)
    .flat()
    .find((id) => on.index.tag(id) === undefined);
  if (unknown === undefined) return undefined;
  return domainError(422, 'invalid_filter', `Tag id ${unknown} is not in the taxonomy.`, { value: unknown });
}

/**
 * Variant `games-beyond-last-page-422` (D39): a page past the last page + 1 is an invalid filter
 * value (page last + 1 stays a 200 with no games, linking back to the last page).
 */
export function refusedPageBeyondLast(
  query: GameQuery,
  total: number,
  on: Deviations,
): { error: DomainError } | undefined {
  if (!on.variants.has('games-beyond-last-page-422')) return undefined;
  const last = lastPage(total, query.perPage);
  if (query.page <= last + 1) return undefined;
  return domainError(422, 'invalid_filter', `Page ${query.page} is past the last page (${last}) + 1.`, {
    parameter: 'page',
    value: query.page,
  });
}

/** A search term holding SQL LIKE wildcards, as a pattern (blind fault `blind2-q-underscore-wildcard`). */
function likePattern(term: string): RegExp {
  const source = [...term]
    .map((c) => (c === '_' ? '.' : c === '%' ? '.*' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(source, 's');
}

/**
 * Blind fault `blind5-archived-listed-with-recently-online-sort`: the active games of `query` in the
 * recently_online order with the archived games once reached (and matching the query) among them.
 */
function withArchivedReached(index: GameIndex, query: GameQuery, now: number): GameRecord[] {
  const all = index.search({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }, now).games;
  const lastConnect = (game: GameRecord) => (game.webOnly ? null : lastSuccessfulConnect(game, now));
  const matches = (game: GameRecord) => {
    const connect = lastConnect(game);
    if (connect === null) return false;
    if (query.connectionType === 'web_only') return false;
    if (query.hasReviews && index.reviewStats(game.id).count === 0) return false;
    if (query.recentlyUpdated && game.updated < now - RECENTLY_UPDATED_SECONDS) return false;
    if (query.onlineRecently && connect < now - ONLINE_RECENTLY_SECONDS) return false;
    const texts = [game.name, game.intro, game.description].map((text) => text.toLowerCase());
    if (!query.terms.every((term) => texts.some((text) => text.includes(term)))) return false;
    return Object.entries(query.tagIds).every(([category, ids]) =>
      ids.includes(game.categories[category as keyof typeof game.categories] ?? -1),
    );
  };
  const archivedReached = index.dataset.games.filter((game) => game.archiveReason !== null && matches(game));
  const key = (game: GameRecord) => lastConnect(game) ?? Number.NEGATIVE_INFINITY;
  return [...all, ...archivedReached].sort((a, b) => key(b) - key(a) || a.id - b.id);
}

/**
 * Blind fault `blind8-archived-found-by-search`: the active games of `query` with the archived games
 * matching it (its terms and its filters) among them, all in the query's sort order.
 */
function withArchivedFound(index: GameIndex, query: GameQuery, now: number): GameRecord[] {
  const found = index.search({ ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER }, now).games;
  const lastConnect = (game: GameRecord) => (game.webOnly ? null : lastSuccessfulConnect(game, now));
  const matches = (game: GameRecord) => {
    const texts = [game.name, game.intro, game.description].map((text) => text.toLowerCase());
    if (!query.terms.every((term) => texts.some((text) => text.includes(term)))) return false;
    if (query.connectionType === 'web_only' && !game.webOnly) return false;
    if (query.connectionType === 'mud_client' && game.webOnly) return false;
    if (query.hasReviews && index.reviewStats(game.id).count === 0) return false;
    if (query.recentlyUpdated && game.updated < now - RECENTLY_UPDATED_SECONDS) return false;
    const connect = lastConnect(game);
    if (query.onlineRecently && (connect === null || connect < now - ONLINE_RECENTLY_SECONDS)) return false;
    return Object.entries(query.tagIds).every(([category, ids]) =>
      ids.includes(game.categories[category as CategoryKey] ?? -1),
    );
  };
  const archived = index.dataset.games.filter((game) => game.archiveReason !== null && matches(game));
  const key = (game: GameRecord): number => {
    if (query.sort !== 'recently_online')
      return SORT_KEYS[query.sort](game, index.reviewStats(game.id).count);
    const connect = lastConnect(game);
    return connect === null ? Number.POSITIVE_INFINITY : -connect;
  };
  return [...found, ...archived].sort((a, b) => key(a) - key(b) || a.id - b.id);
}

/** Games of `query` (found by several searches) in its sort order, ties by id (blind fault `blind10-online-recently-keeps-web-only`). */
function inSortOrder(
  index: GameIndex,
  games: readonly GameRecord[],
  query: GameQuery,
  now: number,
): GameRecord[] {
  const key = (game: GameRecord): number => {
    if (query.sort !== 'recently_online')
      return SORT_KEYS[query.sort](game, index.reviewStats(game.id).count);
    const connect = game.webOnly ? null : lastSuccessfulConnect(game, now);
    return connect === null ? Number.POSITIVE_INFINITY : -connect;
  };
  return [...games].sort((a, b) => key(a) - key(b) || a.id - b.id);
}

/**
 * Blind fault `blind16-q-stop-words-dropped`: the English stop words of a full-text configuration
 * (Snowball's list), which the search drops from `q`.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she ' +
    'her hers herself it its itself they them their theirs themselves what which who whom this that ' +
    'these those am is are was were be been being have has had having do does did doing a an the and ' +
    'but if or because as until while of at by for with about against between into through during ' +
    'before after above below to from up down in out on off over under again further then once here ' +
    'there when where why how all any both each few more most other some such no nor not only own ' +
    'same so than too very s t can will just don should now'
  ).split(' '),
);

/** Blind fault `blind15-games-page-cache-ignores-per-page`: per game index, the clock minute and its pages by key (page size left out). */
const pagesWithoutPageSize = new WeakMap<GameIndex, { minute: number; pages: Map<string, GamePage> }>();

/** The page of `asked` with `online_recently` read as "last reached at or after `since`" (epoch seconds). */
function reachedSince(index: GameIndex, asked: GameQuery, now: number, since: number): GamePage {
  const found = index.search(
    { ...asked, page: 1, perPage: Number.MAX_SAFE_INTEGER, onlineRecently: false },
    now,
  ).games;
  return blindPage(
    found.filter((game) => {
      const connect = game.webOnly ? null : lastSuccessfulConnect(game, now);
      return connect !== null && connect >= since;
    }),
    asked,
  );
}

/**
 * Blind set 22: one page of GET /games as an almost-right optimisation has it
 * (set-22-optimisations.ts), or undefined when no fault of the set changes this request.
 */
function optimisedGamePage(
  index: GameIndex,
  query: GameQuery,
  now: number,
  faults: FaultSet,
): GamePage | undefined {
  const searched = query.terms.length > 0;
  const tagged = Object.keys(query.tagIds).length > 0;
  if (blindFault(faults, 'blind22-q-index-tokens-cut-at-12') && searched)
    return searchOfCutTokens(index, query, now);
  if (blindFault(faults, 'blind22-q-trigram-short-terms-match-nothing') && hasTermWithoutTrigram(query))
    return { total: 0, games: [] };
  if (blindFault(faults, 'blind22-q-terms-stemmed') && searched) return searchOfStems(index, query, now);
  if (blindFault(faults, 'blind22-total-count-capped')) return cappedCount(index, query, now);
  if (blindFault(faults, 'blind22-has-reviews-bitset-word-boundary') && query.hasReviews)
    return reviewedByMisaddressedBitset(index, query, now);
  if (
    blindFault(faults, 'blind22-most-reviewed-keyset-skips-ties') &&
    query.sort === 'most_reviewed' &&
    query.page > 1
  )
    return mostReviewedByKeyset(index, query, now);
  if (blindFault(faults, 'blind22-tag-filter-overfetch-window') && tagged)
    return tagFilteredWindow(index, query, now);
  if (blindFault(faults, 'blind22-tag-union-memo-keyed-by-first-id') && tagged)
    return tagUnionsByFirstId(index, query, now);
  if (blindFault(faults, 'blind22-search-order-memo-ignores-sort') && searched)
    return searchOrderWithoutSort(index, query, now);
  if (blindFault(faults, 'blind22-recently-updated-cutoff-at-first-request') && query.recentlyUpdated)
    return updatedSinceFirstRequest(index, query, now);
  if (
    blindFault(faults, 'blind22-recently-online-order-from-first-request') &&
    query.sort === 'recently_online'
  )
    return recentlyOnlineFirstOrder(index, query, now);
  return undefined;
}

/** One page of GET /games as the switched-on faults would have it; GameIndex.search with none. */
export function searchGames(
  index: GameIndex,
  query: GameQuery,
  now: number,
  { faults }: Deviations,
  raw: RawQuery = {},
): GamePage {
  if (faults.size === 0) return index.search(query, now);
  // Blind fault `blind23-game-size-filter-backfill-gap`: the game-size filter read from v2's tag index, whose backfill lost ids 129–256.
  if (blindFault(faults, 'blind23-game-size-filter-backfill-gap') && query.tagIds.game_size !== undefined)
    return gameSizeIndexWithGap(index, query, now);
  const optimised = optimisedGamePage(index, query, now, faults);
  if (optimised !== undefined) return optimised;
  let asked = query;
  const all = { page: 1, perPage: Number.MAX_SAFE_INTEGER };
  const sentTerms = typeof raw.q === 'string' ? raw.q.split(/\s+/u) : [];
  // Blind fault `blind19-q-repeated-term-matches-nothing`: the distinct terms found compared with the number of terms sent.
  if (
    blindFault(faults, 'blind19-q-repeated-term-matches-nothing') &&
    sentTerms.filter((term) => term.length > 0).length > asked.terms.length &&
    asked.terms.length > 0
  ) {
    return { total: 0, games: [] };
  }
  // Blind fault `blind19-q-edge-whitespace-matches-nothing`: the empty term left by whitespace at an end of `q` matches nothing.
  if (
    blindFault(faults, 'blind19-q-edge-whitespace-matches-nothing') &&
    asked.terms.length > 0 &&
    sentTerms.some((term) => term.length === 0)
  ) {
    return { total: 0, games: [] };
  }
  // Blind fault `blind19-online-recently-calendar-days`: the 48-hour cut-off taken as the midnight two days before today.
  if (blindFault(faults, 'blind19-online-recently-calendar-days') && asked.onlineRecently) {
    return reachedSince(index, asked, now, Math.floor(now / 86_400) * 86_400 - 2 * 86_400);
  }
  // Blind fault `blind21-online-recently-local-now`: the cut-off from a naive local `datetime.now()` (Europe/Berlin) compared with naive UTC times.
  if (blindFault(faults, 'blind21-online-recently-local-now') && asked.onlineRecently) {
    return reachedSince(index, asked, now, now + serverOffsetSeconds(now) - ONLINE_RECENTLY_SECONDS);
  }
  // Blind fault `blind19-recently-updated-cutoff-day-excluded`: the update date's text compared with the cut-off's timestamp text.
  if (blindFault(faults, 'blind19-recently-updated-cutoff-day-excluded') && asked.recentlyUpdated) {
    const cutoffDay = Math.floor((now - RECENTLY_UPDATED_SECONDS) / 86_400);
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      found.filter((game) => Math.floor(game.updated / 86_400) !== cutoffDay),
      asked,
    );
  }
  // Blind fault `blind17-online-recently-filtered-after-paging`: the 48-hour condition applied to the page's rows after LIMIT/OFFSET.
  if (blindFault(faults, 'blind17-online-recently-filtered-after-paging') && asked.onlineRecently) {
    const recent = new Set(index.search({ ...asked, ...all }, now).games.map((game) => game.id));
    const unfiltered = index.search({ ...asked, onlineRecently: false }, now).games;
    return { total: recent.size, games: unfiltered.filter((game) => recent.has(game.id)) };
  }
  // Blind fault `blind17-q-skips-web-only`: the search index is filled by the crawler, which holds no web-only game.
  if (blindFault(faults, 'blind17-q-skips-web-only') && asked.terms.length > 0) {
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      found.filter((game) => !game.webOnly),
      asked,
    );
  }
  // Blind fault `blind17-tag-filter-first-category-only`: a `return` inside the loop over the categories, the first one only.
  const categories = CATEGORY_KEYS.filter((category) => asked.tagIds[category] !== undefined);
  if (blindFault(faults, 'blind17-tag-filter-first-category-only') && categories.length > 1) {
    const first = categories[0]!;
    return index.search({ ...asked, tagIds: { [first]: asked.tagIds[first] } }, now);
  }
  // Blind fault `blind17-oldest-reverses-newest-page`: `oldest` served by the `newest` query, the page's rows reversed.
  if (blindFault(faults, 'blind17-oldest-reverses-newest-page') && asked.sort === 'oldest') {
    const page = index.search({ ...asked, sort: 'newest' }, now);
    return { total: page.total, games: [...page.games].reverse() };
  }
  // Blind fault `blind17-q-tag-filter-first-100-hits`: the search backend's first 100 hits (id order), post-filtered by the tags.
  if (
    blindFault(faults, 'blind17-q-tag-filter-first-100-hits') &&
    asked.terms.length > 0 &&
    categories.length > 0
  ) {
    const hits = index.search({ ...asked, ...all, tagIds: {} }, now).games;
    const firstHits = new Set(
      [...hits]
        .sort((a, b) => a.id - b.id)
        .slice(0, SEARCH_BACKEND_SIZE)
        .map((game) => game.id),
    );
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      found.filter((game) => firstHits.has(game.id)),
      asked,
    );
  }
  // Blind fault `blind16-q-stop-words-dropped`: the terms searched through a full-text configuration with English stop words.
  if (
    blindFault(faults, 'blind16-q-stop-words-dropped') &&
    asked.terms.some((term) => STOP_WORDS.has(term))
  ) {
    return index.search({ ...asked, terms: asked.terms.filter((term) => !STOP_WORDS.has(term)) }, now);
  }
  // Blind fault `blind16-most-reviewed-by-latest-review`: most_reviewed ordered by MAX(reviews.submitted) DESC.
  if (blindFault(faults, 'blind16-most-reviewed-by-latest-review') && asked.sort === 'most_reviewed') {
    const latest = new Map<number, number>();
    for (const review of index.dataset.reviews) {
      latest.set(review.gameId, Math.max(latest.get(review.gameId) ?? -Infinity, review.submitted));
    }
    const found = index.search({ ...asked, ...all }, now).games;
    const key = (game: GameRecord) => latest.get(game.id) ?? -Infinity;
    return blindPage(
      [...found].sort((a, b) => key(b) - key(a) || a.id - b.id),
      asked,
    );
  }
  // Blind fault `blind15-games-page-cache-ignores-per-page`: pages cached for the minute under a key without the page size.
  if (blindFault(faults, 'blind15-games-page-cache-ignores-per-page')) {
    const minute = Math.floor(now / 60);
    let kept = pagesWithoutPageSize.get(index);
    if (kept?.minute !== minute) pagesWithoutPageSize.set(index, (kept = { minute, pages: new Map() }));
    const key = JSON.stringify({ ...asked, perPage: undefined });
    const hit = kept.pages.get(key);
    if (hit !== undefined) return hit;
    const page = index.search(asked, now);
    kept.pages.set(key, page);
    return page;
  }
  // Blind fault `blind15-default-order-by-id`: the ORDER BY added only for an explicit sort; the table's id order without.
  if (blindFault(faults, 'blind15-default-order-by-id') && raw.sort === undefined) {
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      [...found].sort((a, b) => a.id - b.id),
      asked,
    );
  }
  // Blind fault `blind15-has-reviews-subquery-review-id`: `games.id IN (SELECT id FROM reviews)`, the review's id, not its game's.
  if (blindFault(faults, 'blind15-has-reviews-subquery-review-id') && asked.hasReviews) {
    const reviewIds = new Set(index.dataset.reviews.map((review) => review.id));
    const found = index.search({ ...asked, ...all, hasReviews: false }, now).games;
    return blindPage(
      found.filter((game) => reviewIds.has(game.id)),
      asked,
    );
  }
  // Blind fault `blind15-q-last-term-only`: the search condition assigned, not appended, in the loop over the terms.
  if (blindFault(faults, 'blind15-q-last-term-only') && asked.terms.length > 1) {
    return index.search({ ...asked, terms: asked.terms.slice(-1) }, now);
  }
  // Blind fault `blind14-explicit-page-zero-based`: an explicit page handed to a zero-based page index unchanged.
  if (blindFault(faults, 'blind14-explicit-page-zero-based') && typeof raw.page === 'string') {
    asked = { ...asked, page: asked.page + 1 };
  }
  // Blind fault `blind14-has-reviews-join-duplicates`: the games joined to their reviews without DISTINCT, a row per review.
  if (blindFault(faults, 'blind14-has-reviews-join-duplicates') && asked.hasReviews) {
    const found = index.search({ ...asked, ...all }, now).games;
    const rows = found.flatMap((game) =>
      Array.from({ length: Math.max(1, index.reviewStats(game.id).count) }, () => game),
    );
    return blindPage(rows, asked);
  }
  // Blind fault `blind14-q-hits-counted-not-terms`: a game matches when its (term, field) hits reach the number of terms.
  if (blindFault(faults, 'blind14-q-hits-counted-not-terms') && asked.terms.length > 1) {
    const found = index.search({ ...asked, ...all, terms: [] }, now).games;
    const hits = (game: GameRecord) => {
      const texts = [game.name, game.intro, game.description].map((text) => text.toLowerCase());
      return asked.terms.reduce((sum, term) => sum + texts.filter((text) => text.includes(term)).length, 0);
    };
    return blindPage(
      found.filter((game) => hits(game) >= asked.terms.length),
      asked,
    );
  }
  // Blind fault `blind13-q-term-lowercased-text-not`: the terms lower-cased, the texts compared as stored.
  if (blindFault(faults, 'blind13-q-term-lowercased-text-not') && asked.terms.length > 0) {
    const found = index.search({ ...asked, ...all }, now).games;
    const texts = (game: GameRecord) => [game.name, game.intro, game.description];
    return blindPage(
      found.filter((game) => asked.terms.every((term) => texts(game).some((text) => text.includes(term)))),
      asked,
    );
  }
  // Blind fault `blind13-tag-filter-ignores-category`: each tag parameter matched against all of a game's tags.
  if (blindFault(faults, 'blind13-tag-filter-ignores-category') && Object.keys(asked.tagIds).length > 0) {
    const found = index.search({ ...asked, ...all, tagIds: {} }, now).games;
    const carries = (game: GameRecord) =>
      new Set<number>([...(Object.values(game.categories) as number[]), ...game.customTags]);
    return blindPage(
      found.filter((game) => {
        const tags = carries(game);
        return Object.values(asked.tagIds).every((ids) => ids.some((id) => tags.has(id)));
      }),
      asked,
    );
  }
  // Blind fault `blind13-page-past-last-serves-last-page`: a page past the last one clamped to it when the games are read.
  if (blindFault(faults, 'blind13-page-past-last-serves-last-page')) {
    const total = index.search({ ...asked, page: 1, perPage: 1 }, now).total;
    const last = lastPage(total, asked.perPage);
    if (total > 0 && asked.page > last) return index.search({ ...asked, page: last }, now);
  }
  // Blind fault `blind12-q-terms-capped-at-three`: only the first three terms of `q` searched.
  if (blindFault(faults, 'blind12-q-terms-capped-at-three') && asked.terms.length > 3) {
    asked = { ...asked, terms: asked.terms.slice(0, 3) };
  }
  // Blind fault `blind12-oldest-sorted-by-updated`: `oldest` keyed on the update time, ascending.
  if (blindFault(faults, 'blind12-oldest-sorted-by-updated') && asked.sort === 'oldest') {
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      [...found].sort((a, b) => a.updated - b.updated || a.id - b.id),
      asked,
    );
  }
  // Blind fault `blind12-total-ignores-tag-filters`: the total counted by a query without the tag joins.
  if (blindFault(faults, 'blind12-total-ignores-tag-filters') && Object.keys(asked.tagIds).length > 0) {
    const page = index.search(asked, now);
    return { ...page, total: index.search({ ...asked, tagIds: {}, page: 1, perPage: 1 }, now).total };
  }
  // Blind fault `blind12-q-with-tag-filter-or-combined`: the search and the tag filter united, not intersected.
  if (
    blindFault(faults, 'blind12-q-with-tag-filter-or-combined') &&
    asked.terms.length > 0 &&
    Object.keys(asked.tagIds).length > 0
  ) {
    const searched = index.search({ ...asked, ...all, tagIds: {} }, now).games;
    const tagged = index.search({ ...asked, ...all, terms: [] }, now).games;
    const united = new Map([...searched, ...tagged].map((game) => [game.id, game]));
    return blindPage(inSortOrder(index, [...united.values()], asked, now), asked);
  }
  // Blind fault `blind11-sort-ignored-with-q`: the search query's own ORDER BY updated DESC, whatever `sort` asks.
  if (blindFault(faults, 'blind11-sort-ignored-with-q') && asked.terms.length > 0) {
    asked = { ...asked, sort: 'last_updated' };
  }
  // Blind fault `blind11-has-reviews-needs-two`: the review count compared with `> 1` where `>= 1` was meant.
  if (blindFault(faults, 'blind11-has-reviews-needs-two') && asked.hasReviews) {
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      found.filter((game) => index.reviewStats(game.id).count > 1),
      asked,
    );
  }
  // Blind fault `blind11-q-matches-tag-names`: a search document holding the names of the game's tags too.
  if (blindFault(faults, 'blind11-q-matches-tag-names') && asked.terms.length > 0) {
    const unsearched = index.search({ ...asked, ...all, terms: [] }, now).games;
    const tagName = (id: number) => index.tag(id)?.name ?? '';
    const document = (game: GameRecord) =>
      [
        game.name,
        game.intro,
        game.description,
        ...Object.values(game.categories).map(tagName),
        ...game.customTags.map(tagName),
      ].map((text) => text.toLowerCase());
    return blindPage(
      unsearched.filter((game) =>
        asked.terms.every((term) => document(game).some((text) => text.includes(term))),
      ),
      asked,
    );
  }
  // Blind fault `blind11-search-page-offset-twice`: the search rows, already offset by the query, sliced by the offset again.
  if (blindFault(faults, 'blind11-search-page-offset-twice') && asked.terms.length > 0 && asked.page > 1) {
    const offsetOnce = index.search(asked, now);
    return { total: offsetOnce.total, games: offsetOnce.games.slice((asked.page - 1) * asked.perPage) };
  }
  // Blind fault `blind10-top-voted-votes-compared-as-text`: the vote counts compared as strings.
  if (blindFault(faults, 'blind10-top-voted-votes-compared-as-text') && asked.sort === 'top_voted') {
    const votes = (game: GameRecord) => String(game.monthlyVotes);
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      [...found].sort((a, b) => (votes(a) < votes(b) ? 1 : votes(a) > votes(b) ? -1 : a.id - b.id)),
      asked,
    );
  }
  // Blind fault `blind10-archived-listed-with-tag-filter`: tag filters read the tag-to-listings table, archived listings included.
  if (blindFault(faults, 'blind10-archived-listed-with-tag-filter') && Object.keys(asked.tagIds).length > 0) {
    return blindPage(withArchivedFound(index, asked, now), asked);
  }
  // Blind fault `blind10-online-recently-keeps-web-only`: `web_only OR last_successful_connect >= now − 48 h`.
  if (
    blindFault(faults, 'blind10-online-recently-keeps-web-only') &&
    asked.onlineRecently &&
    asked.connectionType === 'all'
  ) {
    const reached = index.search({ ...asked, ...all }, now).games;
    const websites = index.search(
      { ...asked, ...all, onlineRecently: false, connectionType: 'web_only' },
      now,
    ).games;
    return blindPage(inSortOrder(index, [...reached, ...websites], asked, now), asked);
  }
  // Blind fault `blind10-has-reviews-zero-inverts`: has_reviews=0 read as "games without reviews".
  if (blindFault(faults, 'blind10-has-reviews-zero-inverts') && raw.has_reviews === '0') {
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      found.filter((game) => index.reviewStats(game.id).count === 0),
      asked,
    );
  }
  // Blind fault `blind9-search-ordered-by-relevance`: a search without `sort` ordered by a relevance score.
  if (
    blindFault(faults, 'blind9-search-ordered-by-relevance') &&
    asked.terms.length > 0 &&
    raw.sort === undefined
  ) {
    const weigh = (text: string, term: string, weight: number) =>
      text.toLowerCase().includes(term) ? weight : 0;
    const score = (game: GameRecord) =>
      asked.terms.reduce(
        (sum, term) =>
          sum + weigh(game.name, term, 3) + weigh(game.intro, term, 2) + weigh(game.description, term, 1),
        0,
      );
    const found = index.search({ ...asked, ...all }, now).games;
    return blindPage(
      [...found].sort((a, b) => score(b) - score(a) || a.id - b.id),
      asked,
    );
  }
  // Blind fault `blind9-flags-combined-with-or`: the flag conditions checked with some() instead of every().
  const flags = (['hasReviews', 'recentlyUpdated', 'onlineRecently'] as const).filter((flag) => asked[flag]);
  if (blindFault(faults, 'blind9-flags-combined-with-or') && flags.length > 1) {
    const none = { hasReviews: false, recentlyUpdated: false, onlineRecently: false };
    const any = new Set<number>();
    for (const flag of flags) {
      for (const game of index.search({ ...asked, ...all, ...none, [flag]: true }, now).games)
        any.add(game.id);
    }
    const unflagged = index.search({ ...asked, ...all, ...none }, now).games;
    return blindPage(
      unflagged.filter((game) => any.has(game.id)),
      asked,
    );
  }
  // Blind fault `blind9-mud-client-excludes-never-reached`: mud_client read as "a successful connection on record".
  if (
    blindFault(faults, 'blind9-mud-client-excludes-never-reached') &&
    asked.connectionType === 'mud_client'
  ) {
    const reached = (game: GameRecord) => lastSuccessfulConnect(game, now) !== null;
    return blindPage(index.search({ ...asked, ...all }, now).games.filter(reached), asked);
  }
  // Blind fault `blind8-recently-online-drops-never-reached`: an inner join on the last successful connect.
  if (blindFault(faults, 'blind8-recently-online-drops-never-reached') && asked.sort === 'recently_online') {
    const reached = (game: GameRecord) => !game.webOnly && lastSuccessfulConnect(game, now) !== null;
    return blindPage(index.search({ ...asked, ...all }, now).games.filter(reached), asked);
  }
  // Blind fault `blind8-archived-found-by-search`: the search index holds the archived listings too.
  if (blindFault(faults, 'blind8-archived-found-by-search') && asked.terms.length > 0) {
    return blindPage(withArchivedFound(index, asked, now), asked);
  }
  // Blind fault `blind7-q-fields-concatenated`: the searched text is the three fields joined without a separator.
  if (blindFault(faults, 'blind7-q-fields-concatenated') && asked.terms.length > 0) {
    const unsearched = index.search({ ...asked, ...all, terms: [] }, now).games;
    const joined = (game: GameRecord) => `${game.name}${game.intro}${game.description}`.toLowerCase();
    return blindPage(
      unsearched.filter((game) => asked.terms.every((term) => joined(game).includes(term))),
      asked,
    );
  }
  // Blind fault `blind7-top-voted-ties-unstable-across-pages`: no tie-break, ties in another order on even pages.
  if (
    blindFault(faults, 'blind7-top-voted-ties-unstable-across-pages') &&
    asked.sort === 'top_voted' &&
    asked.page % 2 === 0
  ) {
    const ordered = index.search({ ...asked, ...all }, now).games;
    const reordered: GameRecord[] = [];
    for (let start = 0; start < ordered.length;) {
      let end = start + 1;
      while (end < ordered.length && ordered[end]!.monthlyVotes === ordered[start]!.monthlyVotes) end++;
      reordered.push(...ordered.slice(start, end).reverse());
      start = end;
    }
    return blindPage(reordered, asked);
  }
  // Blind fault `blind7-tag-or-without-parentheses`: `… AND cat = a OR cat = b`, the last id escaping the other conditions.
  const ored = Object.entries(asked.tagIds).find(([, tagIds]) => tagIds.length > 1);
  if (blindFault(faults, 'blind7-tag-or-without-parentheses') && ored !== undefined) {
    const [category, tagIds] = ored as [CategoryKey, number[]];
    const escaping = tagIds.at(-1)!;
    const matching = new Set(index.search({ ...asked, ...all }, now).games.map((game) => game.id));
    const unfiltered = index.search(withoutFilters({ ...asked, ...all }), now).games;
    return blindPage(
      unfiltered.filter((game) => matching.has(game.id) || game.categories[category] === escaping),
      asked,
    );
  }
  // Blind fault `blind6-total-ignores-connection-type`: the count query lacks the connection condition.
  if (blindFault(faults, 'blind6-total-ignores-connection-type') && asked.connectionType !== 'all') {
    const { games } = index.search(asked, now);
    const { total } = index.search({ ...asked, connectionType: 'all', page: 1, perPage: 1 }, now);
    return { total, games };
  }
  // Blind fault `blind6-q-ignored-with-most-reviewed`: the review-count query is built without the search condition.
  if (
    blindFault(faults, 'blind6-q-ignored-with-most-reviewed') &&
    asked.sort === 'most_reviewed' &&
    asked.terms.length > 0
  ) {
    asked = { ...asked, terms: [] };
  }
  // Blind fault `blind3-has-reviews-ignored-with-q`: the search query builds its own WHERE, without has_reviews.
  if (blindFault(faults, 'blind3-has-reviews-ignored-with-q') && asked.terms.length > 0) {
    asked = { ...asked, hasReviews: false };
  }
  // Fault `mud-client-includes-web-only`: connection_type=mud_client filters nothing.
  if (faults.has('mud-client-includes-web-only') && query.connectionType === 'mud_client') {
    asked = { ...asked, connectionType: 'all' };
  }
  // Blind fault `blind4-online-recently-ignored-with-mud-client`: the mud_client branch builds its own WHERE, without online_recently.
  if (
    blindFault(faults, 'blind4-online-recently-ignored-with-mud-client') &&
    asked.connectionType === 'mud_client'
  ) {
    asked = { ...asked, onlineRecently: false };
  }
  // Blind fault `blind-top-voted-ignored-with-tag-filter`: the tag-filtered query built without the ORDER BY.
  if (
    blindFault(faults, 'blind-top-voted-ignored-with-tag-filter') &&
    asked.sort === 'top_voted' &&
    Object.keys(asked.tagIds).length > 0
  ) {
    asked = { ...asked, sort: 'last_updated' };
  }
  // Blind fault `blind-has-reviews-requires-rating`: has_reviews joined on the ratings, not the reviews.
  if (blindFault(faults, 'blind-has-reviews-requires-rating') && asked.hasReviews) {
    const all = index.search({ ...asked, page: 1, perPage: Number.MAX_SAFE_INTEGER }, now);
    const rated = all.games.filter((game) => index.reviewStats(game.id).ratingCount > 0);
    const first = (asked.page - 1) * asked.perPage;
    return { total: rated.length, games: rated.slice(first, first + asked.perPage) };
  }
  const everything = { page: 1, perPage: Number.MAX_SAFE_INTEGER };
  // Blind fault `blind6-recently-updated-window-milliseconds`: the cut-off computed in milliseconds, the times stored in seconds.
  if (blindFault(faults, 'blind6-recently-updated-window-milliseconds') && asked.recentlyUpdated) {
    const all = index.search({ ...asked, ...everything, recentlyUpdated: false }, now);
    const since = now * 1000 - RECENTLY_UPDATED_SECONDS * 1000;
    return blindPage(
      all.games.filter((game) => game.updated >= since),
      asked,
    );
  }
  // Blind fault `blind2-recently-updated-reads-listed`: the window compared with the listing date.
  if (blindFault(faults, 'blind2-recently-updated-reads-listed') && asked.recentlyUpdated) {
    const all = index.search({ ...asked, ...everything, recentlyUpdated: false }, now);
    return blindPage(
      all.games.filter((game) => game.listed >= now - RECENTLY_UPDATED_SECONDS),
      asked,
    );
  }
  // Blind fault `blind2-online-recently-reads-last-crawled`: the window compared with the last crawl, reached or not.
  if (blindFault(faults, 'blind2-online-recently-reads-last-crawled') && asked.onlineRecently) {
    const all = index.search({ ...asked, ...everything, onlineRecently: false }, now);
    const crawledSince = (game: GameRecord) => {
      const crawled = game.webOnly ? null : lastCrawled(game, now);
      return crawled !== null && crawled >= now - ONLINE_RECENTLY_SECONDS;
    };
    return blindPage(all.games.filter(crawledSince), asked);
  }
  // Blind fault `blind2-recently-online-nulls-first`: ORDER BY last_successful_connect DESC with NULLs first.
  if (blindFault(faults, 'blind2-recently-online-nulls-first') && asked.sort === 'recently_online') {
    const all = index.search({ ...asked, ...everything }, now);
    const reached = (game: GameRecord) => !game.webOnly && lastSuccessfulConnect(game, now) !== null;
    return blindPage([...all.games.filter((game) => !reached(game)), ...all.games.filter(reached)], asked);
  }
  // Blind fault `blind3-q-terms-same-field`: the terms ANDed within each field, the fields ORed.
  if (blindFault(faults, 'blind3-q-terms-same-field') && asked.terms.length > 1) {
    const all = index.search({ ...asked, ...everything }, now);
    const inOneField = (game: GameRecord) =>
      [game.name, game.intro, game.description].some((text) =>
        asked.terms.every((term) => text.toLowerCase().includes(term)),
      );
    return blindPage(all.games.filter(inOneField), asked);
  }
  // Blind fault `blind3-explicit-last-updated-ascending`: the sort table maps last_updated to ASC; the default is hard-coded DESC.
  if (blindFault(faults, 'blind3-explicit-last-updated-ascending') && raw.sort === 'last_updated') {
    const all = index.search({ ...asked, ...everything }, now);
    return blindPage([...all.games].reverse(), asked);
  }
  // Blind fault `blind3-offset-uses-default-per-page`: OFFSET (page − 1) × 20, whatever per_page.
  if (blindFault(faults, 'blind3-offset-uses-default-per-page') && asked.page > 1) {
    const all = index.search({ ...asked, ...everything }, now);
    const first = (asked.page - 1) * DEFAULT_PER_PAGE;
    return { total: all.total, games: all.games.slice(first, first + asked.perPage) };
  }
  // Blind fault `blind2-q-underscore-wildcard`: terms matched with an unescaped LIKE.
  const wildcards = asked.terms.filter((term) => /[_%]/.test(term));
  if (blindFault(faults, 'blind2-q-underscore-wildcard') && wildcards.length > 0) {
    const plain = asked.terms.filter((term) => !/[_%]/.test(term));
    const all = index.search({ ...asked, ...everything, terms: plain }, now);
    const patterns = wildcards.map(likePattern);
    const matches = (game: GameRecord) => {
      const fields = [game.name, game.intro, game.description].map((text) => text.toLowerCase());
      return patterns.every((pattern) => fields.some((text) => pattern.test(text)));
    };
    return blindPage(all.games.filter(matches), asked);
  }
  // Blind fault `blind4-q-word-prefix-only`: a full-text prefix query, a term matching at a word's start only.
  if (blindFault(faults, 'blind4-q-word-prefix-only') && asked.terms.length > 0) {
    const all = index.search({ ...asked, ...everything }, now);
    const starts = asked.terms.map(
      (term) => new RegExp(`(^|[^\\p{L}\\p{N}])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u'),
    );
    const matches = (game: GameRecord) => {
      const fields = [game.name, game.intro, game.description].map((text) => text.toLowerCase());
      return starts.every((start) => fields.some((text) => start.test(text)));
    };
    return blindPage(all.games.filter(matches), asked);
  }
  // Blind fault `blind4-most-reviewed-by-rating-count`: most_reviewed ordered by COUNT(rating), not COUNT(*).
  if (blindFault(faults, 'blind4-most-reviewed-by-rating-count') && asked.sort === 'most_reviewed') {
    const all = index.search({ ...asked, ...everything }, now);
    const rated = (game: GameRecord) => index.reviewStats(game.id).ratingCount;
    return blindPage(
      [...all.games].sort((a, b) => rated(b) - rated(a)),
      asked,
    );
  }
  // Blind fault `blind5-q-searches-website`: the search runs over every text column, the website included.
  if (blindFault(faults, 'blind5-q-searches-website') && asked.terms.length > 0) {
    const all = index.search({ ...asked, ...everything, terms: [] }, now);
    const matches = (game: GameRecord) => {
      const fields = [game.name, game.intro, game.description, game.website ?? ''].map((text) =>
        text.toLowerCase(),
      );
      return asked.terms.every((term) => fields.some((text) => text.includes(term)));
    };
    return blindPage(all.games.filter(matches), asked);
  }
  // Blind fault `blind5-archived-listed-with-recently-online-sort`: the crawl-results query lacks the archived condition.
  if (
    blindFault(faults, 'blind5-archived-listed-with-recently-online-sort') &&
    asked.sort === 'recently_online'
  ) {
    return blindPage(withArchivedReached(index, asked, now), asked);
  }
  let page: GamePage;
  // Fault `page-skips-item`: every page after the first starts one item late.
  if (faults.has('page-skips-item') && query.page > 1) {
    const first = (query.page - 1) * query.perPage + 1;
    const upToPage = index.search({ ...asked, page: 1, perPage: first + query.perPage }, now);
    page = { total: upToPage.total, games: upToPage.games.slice(first) };
  } else if (faults.has('offset-capped-at-250') && (query.page - 1) * query.perPage > OFFSET_CAP) {
    // Fault `offset-capped-at-250`: a page starting past the cap is the one starting at it.
    const upToCap = index.search({ ...asked, page: 1, perPage: OFFSET_CAP + query.perPage }, now);
    page = { total: upToCap.total, games: upToCap.games.slice(OFFSET_CAP) };
  } else page = index.search(asked, now);
  // Fault `archived-in-total`: archived games (listed, see gameIndexRules) count in the total
  // and take their places on the pages, but are not shown.
  if (faults.has('archived-in-total')) {
    page = { total: page.total, games: page.games.filter((game) => game.archiveReason === null) };
  }
  // Blind fault `blind-archived-in-has-reviews-total`: the has_reviews count query lacks the archived condition.
  if (blindFault(faults, 'blind-archived-in-has-reviews-total') && asked.hasReviews) {
    const archivedReviewed = index.dataset.games.filter(
      (game) => game.archiveReason !== null && index.reviewStats(game.id).count > 0,
    ).length;
    page = { total: page.total + archivedReviewed, games: page.games };
  }
  return page;
}

/**
 * Blind fault `blind9-rank-within-filtered-results`: each listed game's rank as ROW_NUMBER() over the
 * query's matching games ordered by votes (the global rank's order); undefined without search or filter.
 */
export function ranksWithinResults(
  index: GameIndex,
  query: GameQuery,
  now: number,
  on: Deviations,
  raw: RawQuery,
): Map<number, number> | undefined {
  const filtered =
    query.terms.length > 0 ||
    query.connectionType !== 'all' ||
    query.hasReviews ||
    query.recentlyUpdated ||
    query.onlineRecently ||
    Object.keys(query.tagIds).length > 0;
  if (!filtered) return undefined;
  const matching = searchGames(
    index,
    { ...query, page: 1, perPage: Number.MAX_SAFE_INTEGER },
    now,
    on,
    raw,
  ).games;
  const ranked = matching
    .map((game) => ({ id: game.id, rank: index.rank(game.id) }))
    .filter((entry): entry is { id: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank);
  return new Map(ranked.map((entry, i) => [entry.id, i + 1]));
}
