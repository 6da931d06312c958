/**
 * What the variants of blind set 3 (set-3.ts) do where it is more than a line at its guard: the
 * stricter route matching, the 404 for unknown paths whatever the method, Cache-Control, the
 * parameters read leniently or strictly, the links' spelling, the summaries without their optional
 * members, the category keys, the unrounded average and the order of games by name. Nothing here
 * runs unless one of those variants is on.
 */
import type { RequestHandler } from 'express';
import type { GameRecord } from '../../../fixtures/src/model.ts';
import type { DomainError, DomainResult, RawQuery } from '../domain/domain-result.ts';
import type { GameIndex } from '../domain/game-index.ts';
import {
  DEFAULT_PER_PAGE,
  GAME_PARAMETER_NAMES,
  MAX_PER_PAGE,
  TAG_PARAMETER_NAMES,
} from '../domain/game-query.ts';
import type { PaginationLinks } from '../domain/pagination.ts';
import type { GameSummary } from '../domain/representation.ts';
import type { ReviewQuery } from '../domain/review-query.ts';
import { parsePositiveInteger } from '../domain/strict-integer.ts';
import { sendError } from '../respond.ts';
import type { VariantSet } from '../variants.ts';

/** The path parameters that hold ids (routes.ts). */
const ID_PARAMETERS = ['gameId', 'reviewId'] as const;

/**
 * Variants `bv3-trailing-slash-route-not-found` and `bv3-non-numeric-id-route-not-found`: whether a
 * path the reference server routes (`params` its match) names no endpoint under the stricter patterns.
 */
export function strictlyUnrouted(
  path: string,
  params: Readonly<Record<string, string | undefined>>,
  variants: VariantSet,
): boolean {
  if (variants.has('bv3-trailing-slash-route-not-found') && path.length > 1 && path.endsWith('/'))
    return true;
  if (variants.has('bv3-non-numeric-id-route-not-found')) {
    // `{gameId:\d+}`: a broken escape (undefined) or anything but digits matches no route.
    return ID_PARAMETERS.some((name) => name in params && !/^[0-9]+$/.test(params[name] ?? ''));
  }
  return false;
}

/**
 * Variant `bv3-unknown-path-404-any-method`: a request for a path that names no endpoint is answered
 * 404 `route_not_found` whatever its method, ahead of the method check (`routed` tells the endpoints).
 */
export function unknownPathNotFound(routed: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || routed(req.path)) {
      next();
      return;
    }
    sendError(res, 'route_not_found');
  };
}

/** Variant `bv3-cache-control-no-store`: no answer is to be kept by a cache. */
export function notStored(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

/**
 * Variant `bv3-repeated-parameters-last-wins`: each repeated single-valued parameter read as its last
 * value (PHP's and many frameworks' reading); the tag parameters keep every value.
 */
export function lastValues(raw: RawQuery): RawQuery {
  const out = Object.create(null) as RawQuery;
  for (const [name, value] of Object.entries(raw)) {
    out[name] = Array.isArray(value) && !TAG_PARAMETER_NAMES.has(name) ? value.at(-1) : value;
  }
  return out;
}

/** Variant `bv3-games-unknown-parameter-422`: the first parameter of `raw` outside GET /games' table. */
export function unknownGameParameter(raw: RawQuery): string | undefined {
  return Object.keys(raw).find((name) => !GAME_PARAMETER_NAMES.has(name));
}

/** A parameter's value when it is one integer from 1 to `max`, else undefined (absent, malformed, repeated). */
function validInteger(raw: RawQuery, name: string, max: number): number | undefined {
  const text = raw[name];
  if (typeof text !== 'string') return undefined;
  const value = parsePositiveInteger(text);
  return value !== undefined && value <= max ? value : undefined;
}

/** Variant `bv3-reviews-invalid-parameters-ignored`: GET /reviews' query, each invalid value read as absent. */
export function lenientReviewQuery(raw: RawQuery): ReviewQuery {
  return {
    page: validInteger(raw, 'page', Number.MAX_SAFE_INTEGER) ?? 1,
    perPage: validInteger(raw, 'per_page', MAX_PER_PAGE) ?? DEFAULT_PER_PAGE,
    game: validInteger(raw, 'game_id', Number.MAX_SAFE_INTEGER) ?? 'any',
  };
}

/**
 * Variant `bv3-query-checked-before-game`: the 422 the query gets for a game that does exist (the
 * stand-in), when it gets one; the caller answers 404 otherwise.
 */
export function queryRefusal(
  answer: (standIn: GameRecord) => DomainResult<unknown>,
  index: GameIndex,
): { error: DomainError } | undefined {
  const standIn = standInGame(index);
  if (standIn === undefined) return undefined;
  const result = answer(standIn);
  return 'error' in result && result.error.status === 422 ? result : undefined;
}

/** Per index, an active game crawled by MUD client with statistics ready: its answers are never 404 or 503 for want of data. */
const standIns = new WeakMap<GameIndex, GameRecord | undefined>();

function standInGame(index: GameIndex): GameRecord | undefined {
  if (!standIns.has(index)) {
    const { games } = index.dataset;
    const active = games.filter((game) => game.archiveReason === null && !game.webOnly);
    standIns.set(index, active.find((game) => game.statisticsState === 'ready') ?? active[0] ?? games[0]);
  }
  return standIns.get(index);
}

/** A link with its query's parameters in alphabetical order of their names, each percent-encoded. */
function sortedLink(link: string): string {
  const at = link.indexOf('?');
  if (at < 0) return link;
  const pairs = [...new URLSearchParams(link.slice(at + 1))];
  // Array.prototype.sort is stable: a repeated name keeps its values' order.
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return `${link.slice(0, at)}?${query.join('&')}`;
}

/** Variant `bv3-links-parameters-sorted`: a collection whose links write their parameters sorted. */
export function linksAsAsked<T extends { links: PaginationLinks }>(body: T, variants: VariantSet): T {
  if (!variants.has('bv3-links-parameters-sorted')) return body;
  const links: PaginationLinks = { self: sortedLink(body.links.self) };
  if (body.links.next !== undefined) links.next = sortedLink(body.links.next);
  if (body.links.previous !== undefined) links.previous = sortedLink(body.links.previous);
  return { ...body, links };
}

/** Variant `bv3-summary-without-optional-members`: a summary without the members §2 makes optional in it. */
export function withoutOptionalMembers(summary: GameSummary): void {
  delete summary.urls.mssp;
  delete summary.urls.players;
  delete summary.urls.reviews;
  delete summary.connection.mssp_port;
}

/** Per index, each category's key as the snake_case name of its tag group (`Play count` → `play_count`). */
const groupKeys = new WeakMap<GameIndex, ReadonlyMap<string, string>>();

function groupKeysOf(index: GameIndex): ReadonlyMap<string, string> {
  let keys = groupKeys.get(index);
  if (keys === undefined) {
    keys = new Map(
      index.dataset.taxonomy.groups.map((group) => [
        group.key,
        group.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '_')
          .replace(/^_+|_+$/g, ''),
      ]),
    );
    groupKeys.set(index, keys);
  }
  return keys;
}

/** Variant `bv3-category-keys-from-group-names`: `tags.categories` keyed by the groups' names, in the same order. */
export function categoriesByGroupName(
  categories: GameSummary['tags']['categories'],
  index: GameIndex,
): GameSummary['tags']['categories'] {
  const keys = groupKeysOf(index);
  const renamed: GameSummary['tags']['categories'] = {};
  for (const [key, tag] of Object.entries(categories)) renamed[keys.get(key) ?? key] = tag;
  return renamed;
}

/**
 * Variant `bv3-sort-ties-by-name`: the positions of `games` ordered by name (UTF-16 code units, as
 * JavaScript compares strings), equal names by position (the games are in id order).
 */
export function positionsByName(games: readonly GameRecord[]): Uint32Array {
  const positions = Array.from(games.keys());
  positions.sort((a, b) => {
    const x = games[a]!.name;
    const y = games[b]!.name;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  return Uint32Array.from(positions);
}
