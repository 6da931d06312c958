/**
 * What the suite learns about a deployment before the checks run, and `discover()`, which
 * learns it. Everything here comes from the server's own answers or from the user's
 * hints — never from our fixtures.
 */
import type { components } from '../../../spec/generated/openapi.d.ts';
import type { Hints } from './config.ts';
import {
  bodyNotJsonReason,
  parseNearJson,
  RequestError,
  type ApiClient,
  type ApiResponse,
  type QueryPairs,
} from './http-client.ts';
import type { Profile } from './profile.ts';

export type GameSummary = components['schemas']['GameSummary'];
export type GameDetail = components['schemas']['GameDetail'];
export type ReviewSummary = components['schemas']['ReviewSummary'];
export type ReviewDetail = components['schemas']['ReviewDetail'];
export type TagGroup = components['schemas']['TagGroup'];

export interface TagFilter {
  /** Filter parameter without brackets, e.g. `codebase_tag_id`. */
  param: string;
  group: TagGroup;
}

export interface Discovery {
  /** GET /tags. */
  tagGroups: TagGroup[];
  /** Tag groups mapped to their filter parameter (DECISIONS D3); unmapped groups are absent. */
  tagFilters: TagFilter[];
  /** `meta.total` of GET /games without filters. */
  totalActiveGames: number;
  /** Game summaries from the first pages of GET /games (a sample, possibly all). */
  games: GameSummary[];
  /** Ids of active games of each kind seen in `games`. */
  webOnlyGameIds: number[];
  mudClientGameIds: number[];
  /** Words (≥ 4 letters) taken from names and intros of `games`, with the game they came from. */
  words: Array<{ word: string; gameId: number }>;
  /** Review summaries from the first pages of GET /reviews. */
  reviews: ReviewSummary[];
  totalReviews: number;
  /** An archived game id: from the hint, or found through reviews of archived games; undefined if unknown. */
  archivedGameId?: number;
  /** A review of an archived game, when found. */
  archivedGameReviewId?: number;
  /** A game whose MSSP lookup said `mssp_not_available` (hint or probe). */
  gameWithoutMsspId?: number;
  /** A game whose MSSP lookup said `available`. */
  gameWithMsspId?: number;
  /** A game with a non-empty player history in the default range, if found. */
  gameWithPlayersId?: number;
  /** The rate-limit figures seen on the primary key's first response. */
  primaryLimit?: number;
  /**
   * Requests of discovery the description allows that the deployment refused (e.g.
   * `GET /games?per_page=50` answered 422): discovery went on without them where it could,
   * and PROTOCOL-VALID-REQUESTS-ACCEPTED fails naming each with its rule.
   */
  refusedRequests?: RefusedRequest[];
  /** The server's clock, estimated from the `Date` header of the latest response (epoch ms). */
  serverNow(): number;
}

export interface RefusedRequest {
  /** The path relative to the base URL, e.g. `/games`. */
  path: string;
  query: QueryPairs;
  response: ApiResponse;
}

// ---------------------------------------------------------------------------
// Discovery
// ---------------------------------------------------------------------------

/** The deployment cannot be tested at all (down, refusing the key, not this API): exit code 2. */
export class PreflightError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreflightError';
  }
}

/** The nine tag filter parameters of §4 GET /games, without brackets. */
export const TAG_FILTER_PARAMS = [
  'game_size_tag_id',
  'rp_status_tag_id',
  'codebase_tag_id',
  'playcount_tag_id',
  'location_tag_id',
  'theme_tag_id',
  'type_tag_id',
  'language_tag_id',
  'player_killing_tag_id',
] as const;

/** Normalized group names that do not spell their parameter's prefix. */
const GROUP_NAME_ALIASES: Record<string, string> = {
  roleplaying_status: 'rp_status',
  roleplaying: 'rp_status',
  role_playing_status: 'rp_status',
  rp: 'rp_status',
  play_count: 'playcount',
  players: 'playcount',
  game_type: 'type',
  genre: 'type',
  pk: 'player_killing',
  player_killing_policy: 'player_killing',
  size: 'game_size',
};

/**
 * How much discovery reads: `full` when the run's budget is ample, `lean` when every request
 * counts (a key with the default 60 a minute): fewer pages and probes, the same facts when the
 * deployment has them early in its listings.
 */
export type DiscoveryScale = 'full' | 'lean';

// Small directories are read whole: then an id missing from the listing can only be an
// archived (or deleted) item, which makes the archived probes below cheap and sure.
const LIMITS: Record<
  DiscoveryScale,
  {
    gamesPages: number;
    reviewPages: number;
    archivedReviewProbes: number;
    archivedGameProbes: number;
    msspProbes: number;
    playerProbes: number;
  }
> = {
  full: {
    gamesPages: 10,
    reviewPages: 8,
    archivedReviewProbes: 25,
    archivedGameProbes: 12,
    msspProbes: 15,
    playerProbes: 5,
  },
  // Pages are the cheapest facts (50 items a request) and a complete listing makes the archived
  // probes sure, so the lean scale keeps them and trims the one-id-a-request probes.
  lean: {
    gamesPages: 10,
    reviewPages: 8,
    archivedReviewProbes: 25,
    archivedGameProbes: 6,
    msspProbes: 8,
    playerProbes: 3,
  },
};
/** The page size discovery reads collections in (§8's largest). */
export const DISCOVERY_PAGE_SIZE = 50;
const MAX_WORDS = 600;

/**
 * The query of a collection's page `page` as discovery asks it (`per_page` first, page 1 without
 * `page`), so that a check asking the same page is answered by the run's cache.
 */
export function discoveryPageQuery(page: number): QueryPairs {
  return page === 1
    ? [['per_page', DISCOVERY_PAGE_SIZE]]
    : [
        ['per_page', DISCOVERY_PAGE_SIZE],
        ['page', page],
      ];
}

export interface DiscoveryClient extends ApiClient {
  /** Server clock from the latest Date header (HttpApiClient has it). */
  serverNow?(): number;
}

/** A name in the filters' spelling: lower case, runs of other characters one `_` (`Player killing` → `player_killing`). */
export function normalizeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function describe(response: ApiResponse): string {
  const code = (response.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  const text = response.isJson ? '' : ` ${JSON.stringify(response.text.slice(0, 80))}`;
  const notJson = response.isJson ? '' : ` (${bodyNotJsonReason(response)})`;
  return `HTTP ${response.status}${typeof code === 'string' ? ` ${code}` : ''}${notJson}${text}`;
}

/**
 * A GET for discovery. An answer that is almost JSON (a byte order mark, bare `NaN`, a raw control
 * character in a string, a trailing comma, a Python repr: see parseNearJson), or JSON in bytes that
 * are not UTF-8 (a Latin-1 letter, CESU-8: read with U+FFFD in their place), is read as its writer
 * meant it, so that the run goes on to the checks, which judge the answer as it was sent (not
 * JSON, §1 rule 1) — rather than stopping as if the deployment were not the API at all. Only this
 * copy is read so; the answer the checks and the run's cache see is unchanged.
 */
async function discoveryGet(
  client: ApiClient,
  path: string,
  options: Parameters<ApiClient['get']>[1] = {},
): Promise<ApiResponse> {
  const response = await client.get(path, options);
  if (response.isJson || response.truncated === true) return response;
  const body =
    parseNearJson(response.text) ?? (response.notUtf8 === undefined ? undefined : jsonOf(response.text));
  return body === undefined ? response : { ...response, body, isJson: true };
}

/** The value of a JSON text; undefined when it is not one. */
function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function preflight(client: ApiClient, path: string, query?: QueryPairs): Promise<ApiResponse> {
  try {
    return await discoveryGet(client, path, query ? { query } : {});
  } catch (error) {
    if (error instanceof RequestError) {
      throw new PreflightError(`cannot reach ${client.baseUrl}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * The base URL a user most likely meant: its path up to any `/api/…` part (another version, or an
 * endpoint's path), then `/api/v1` (§9); a proxy's prefix before it is kept.
 */
export function withApiPrefix(baseUrl: string): string {
  const url = new URL(baseUrl);
  const before = url.pathname.replace(/\/api(\/.*)?$/, '').replace(/\/+$/, '');
  return `${url.origin}${before}/api/v1`;
}

/** Why the run cannot go on when `what` answered 401: the key was refused. Undefined otherwise. */
export function keyRefusal(response: ApiResponse, what: string): string | undefined {
  return response.status === 401
    ? `the API key was refused: ${what} answered ${describe(response)}`
    : undefined;
}

function requireCollection(response: ApiResponse, what: string): { data: unknown[]; total: number } {
  const refused = keyRefusal(response, what);
  if (refused !== undefined) throw new PreflightError(refused);
  const body = response.body as { data?: unknown; meta?: { total?: unknown } } | undefined;
  const location = response.headers.location;
  if (response.status >= 300 && response.status < 400 && location !== undefined) {
    throw new PreflightError(
      `${what} answered HTTP ${response.status}, a redirect to ${location}: the suite follows no redirect ` +
        `(it would carry the key wherever it points); give ${withApiPrefix(new URL(location, response.url).href)} as --base-url`,
    );
  }
  if (response.status !== 200 || !response.isJson) {
    throw new PreflightError(`not a Game Directory API: ${what} answered ${describe(response)}`);
  }
  if (!Array.isArray(body?.data)) {
    throw new PreflightError(
      `not a Game Directory API: ${what} answered HTTP 200, but the body has no \`data\` array ` +
        `(a collection is {data: [...], meta, links}, §1 rule 5): ${JSON.stringify(response.text.slice(0, 80))}`,
    );
  }
  const total = typeof body.meta?.total === 'number' ? body.meta.total : body.data.length;
  return { data: body.data, total };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** D3: the parameter of each tag group — profile override, then the category key its ids appear under, then its name. */
export function mapTagFilters(groups: TagGroup[], games: GameSummary[], profile: Profile): TagFilter[] {
  const keyVotes = new Map<number, Map<string, number>>();
  for (const game of games) {
    const categories = (game as { tags?: { categories?: unknown } }).tags?.categories;
    if (!isObject(categories)) continue;
    for (const [key, ref] of Object.entries(categories)) {
      const id = isObject(ref) && typeof ref.id === 'number' ? ref.id : undefined;
      if (id === undefined) continue;
      const votes = keyVotes.get(id) ?? new Map<string, number>();
      votes.set(key, (votes.get(key) ?? 0) + 1);
      keyVotes.set(id, votes);
    }
  }
  const known = new Set<string>(TAG_FILTER_PARAMS);
  const paramOfKey = (key: string): string | undefined => {
    const mapped = profile.categoryKeys[key];
    if (mapped !== undefined) return mapped;
    const alias = GROUP_NAME_ALIASES[key] ?? key;
    return known.has(`${alias}_tag_id`) ? `${alias}_tag_id` : undefined;
  };
  const filters: TagFilter[] = [];
  const taken = new Set<string>();
  for (const group of groups) {
    let param: string | undefined = profile.tagGroupParams[group.name];
    if (param === undefined) {
      const votes = new Map<string, number>();
      for (const value of group.values ?? []) {
        for (const [key, n] of keyVotes.get(value.id) ?? []) votes.set(key, (votes.get(key) ?? 0) + n);
      }
      const top = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
      if (top) param = paramOfKey(top[0]);
    }
    param ??= paramOfKey(normalizeName(group.name));
    if (param === undefined || taken.has(param)) continue;
    taken.add(param);
    filters.push({ param, group });
  }
  return filters;
}

/** Words of ≥ 4 letters from names and intros, with the game each came from (one per word). */
/**
 * Whether a listed game has the shape the checks build cases from (objects where §2 has
 * objects). Discovery keeps only these, so a malformed item fails the schema checks
 * instead of breaking every check that samples games.
 */
export function isUsableGameSummary(game: unknown): game is GameSummary {
  if (!isObject(game) || !Number.isInteger(game.id)) return false;
  if (typeof game.name !== 'string' || typeof game.intro !== 'string') return false;
  const objects = ['urls', 'connection', 'ranking', 'reviews', 'dates', 'status'] as const;
  if (!objects.every((key) => isObject(game[key]))) return false;
  const tags = game.tags;
  return isObject(tags) && isObject(tags.categories) && Array.isArray(tags.custom);
}

export function collectWords(games: GameSummary[]): Array<{ word: string; gameId: number }> {
  const seen = new Set<string>();
  const words: Array<{ word: string; gameId: number }> = [];
  for (const game of games) {
    for (const text of [game.name, game.intro]) {
      if (typeof text !== 'string') continue;
      for (const word of text.split(/[^\p{L}]+/u)) {
        if (word.length < 4 || seen.has(word.toLowerCase())) continue;
        seen.add(word.toLowerCase());
        words.push({ word, gameId: game.id });
        if (words.length >= MAX_WORDS) return words;
      }
    }
  }
  return words;
}

/** Ids missing between consecutive listed ids, nearest the listed ones first. */
function gapIds(ids: number[], limit: number): number[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const present = new Set(sorted);
  const gaps: number[] = [];
  for (let i = 1; i < sorted.length && gaps.length < limit; i += 1) {
    const low = sorted[i - 1] as number;
    const high = sorted[i] as number;
    for (let id = low + 1; id < high && gaps.length < limit; id += 1) if (!present.has(id)) gaps.push(id);
  }
  return gaps;
}

/**
 * Whether a response refuses the request the way this API refuses one (a 4xx other than
 * 401 and 429, with the error envelope): the server is the API and turned the request down.
 */
function isApiRefusal(response: ApiResponse): boolean {
  const error = (response.body as { error?: { code?: unknown } } | undefined)?.error;
  return (
    response.status >= 400 &&
    response.status < 500 &&
    response.status !== 401 &&
    response.status !== 429 &&
    response.isJson &&
    typeof error?.code === 'string'
  );
}

async function collectPages<T>(
  client: ApiClient,
  path: string,
  pages: number,
  what: string,
  refused: RefusedRequest[],
  /** Whether the run needs this collection to tell the API (GET /games); others may be refused. */
  essential: boolean,
): Promise<{ items: T[]; total: number; first: ApiResponse }> {
  // Pages of 50 (discoveryPageQuery), else the default pages.
  let pageQuery = discoveryPageQuery;
  let first = await preflight(client, path, pageQuery(1));
  if (isApiRefusal(first)) {
    // per_page=50 is within §8's 1..50: a refusal is the server's fault, not a sign that this is
    // not the API. Recorded for PROTOCOL-VALID-REQUESTS-ACCEPTED; discovery reads the default pages.
    refused.push({ path, query: pageQuery(1), response: first });
    pageQuery = (page) => (page === 1 ? [] : [['page', page]]);
    first = await preflight(client, path);
  }
  if (!essential && isApiRefusal(first)) {
    // Refused even without parameters, in the API's own error envelope: recorded, read as empty.
    refused.push({ path, query: [], response: first });
    return { items: [], total: 0, first };
  }
  const { data, total } = requireCollection(first, `GET ${path}`);
  const items = [...(data as T[])];
  for (let page = 2; page <= pages && items.length < total; page += 1) {
    const query = pageQuery(page);
    const response = await discoveryGet(client, path, { query });
    const body = response.body as { data?: unknown } | undefined;
    // A page below meta.total is one the description allows (page >= 1).
    if (isApiRefusal(response)) refused.push({ path, query, response });
    if (response.status !== 200 || !Array.isArray(body?.data) || body.data.length === 0) break;
    items.push(...(body.data as T[]));
  }
  // An item without an integer id is the server's fault for the schema checks to report (they
  // judge these pages too); only a collection none of whose items has one is not the API.
  const identified = items.filter((item) => isObject(item) && typeof item.id === 'number');
  if (identified.length === 0 && items.length > 0) {
    throw new PreflightError(`not a Game Directory API: ${what} items have no integer id`);
  }
  return { items: identified, total, first };
}

/**
 * Learns what the checks need from the deployment's own answers (and the user's hints):
 * tags, a sample of games and reviews, an archived game, games with and without MSSP,
 * a game with players. About 60–80 requests. Throws PreflightError when the base URL
 * is not a reachable Game Directory API.
 */
export async function discover(
  client: DiscoveryClient,
  profile: Profile,
  hints: Hints,
  scale: DiscoveryScale = 'full',
): Promise<Discovery> {
  const limits = LIMITS[scale];
  const refusedRequests: RefusedRequest[] = [];
  const tagsResponse = await preflight(client, '/tags');
  // GET /tags refused in the API's error envelope: recorded, the taxonomy read as empty (GET /games
  // below still decides whether this is the API at all).
  const tagsRefused = isApiRefusal(tagsResponse);
  if (tagsRefused) refusedRequests.push({ path: '/tags', query: [], response: tagsResponse });
  // GET /tags answered, but not with a readable collection (a bare array, no `data`, not JSON):
  // the taxonomy is read as empty, and TAGS-SCHEMA fails on the answer with the rule it breaks.
  // GET /games below still decides whether this is the API at all (a refused key stays fatal).
  const tagsUnreadable =
    !tagsRefused &&
    tagsResponse.status !== 401 &&
    (tagsResponse.status !== 200 ||
      !tagsResponse.isJson ||
      !Array.isArray((tagsResponse.body as { data?: unknown } | undefined)?.data));
  const { data: tagData } =
    tagsRefused || tagsUnreadable ? { data: [] as unknown[] } : requireCollection(tagsResponse, 'GET /tags');
  // Malformed groups and values are left out here (TAGS-SCHEMA reports them), so that
  // the checks built on discovery never trip over a broken taxonomy.
  const tagGroups = tagData
    .filter(
      (g): g is TagGroup =>
        isObject(g) && typeof g.id === 'number' && typeof g.name === 'string' && Array.isArray(g.values),
    )
    .map((g) => ({
      ...g,
      values: g.values.filter((v) => isObject(v) && typeof v.id === 'number' && typeof v.name === 'string'),
    }));
  const primaryLimitHeader = tagsResponse.headers['x-ratelimit-limit'];
  const primaryLimit =
    primaryLimitHeader !== undefined && /^\d+$/.test(primaryLimitHeader)
      ? Number(primaryLimitHeader)
      : undefined;

  const gamesPages = await collectPages<GameSummary>(
    client,
    '/games',
    limits.gamesPages,
    'GET /games',
    refusedRequests,
    true,
  );
  // Only well-shaped summaries seed the generated cases; the schema checks report the others.
  const games = gamesPages.items.filter(isUsableGameSummary);
  const reviewPages = await collectPages<ReviewSummary>(
    client,
    '/reviews',
    limits.reviewPages,
    'GET /reviews',
    refusedRequests,
    false,
  );
  const reviews = reviewPages.items;

  const webOnlyGameIds = games.filter((g) => g.status?.web_only === true).map((g) => g.id);
  const mudClientGameIds = games.filter((g) => g.status?.web_only === false).map((g) => g.id);
  if (hints.webOnlyGameId !== undefined && !webOnlyGameIds.includes(hints.webOnlyGameId)) {
    webOnlyGameIds.unshift(hints.webOnlyGameId);
  }

  // An archived game: the hint, else one found through a review reachable by id but missing
  // from /reviews (§4: archived games' reviews are excluded; the review names its game), else a
  // game id missing from a complete listing that still answers (§3: archived games are
  // excluded from collections but reachable by id). `archivedGameReviewId` is always a review
  // of `archivedGameId`.
  let archivedGameId = hints.archivedGameId;
  let archivedGameReviewId = hints.archivedReviewId;
  if (archivedGameReviewId !== undefined && archivedGameId === undefined) {
    // The hinted review names its game; when it does not answer, the checks that use it fail.
    const response = await discoveryGet(client, `/reviews/${archivedGameReviewId}`);
    const game = (response.body as { data?: { game?: { id?: unknown } } } | undefined)?.data?.game;
    if (typeof game?.id === 'number') archivedGameId = game.id;
  }
  for (const id of archivedGameReviewId !== undefined
    ? []
    : gapIds(
        reviews.map((r) => r.id),
        limits.archivedReviewProbes,
      )) {
    const response = await discoveryGet(client, `/reviews/${id}`);
    const game = (response.body as { data?: { game?: { id?: unknown; archived?: unknown } } } | undefined)
      ?.data?.game;
    if (response.status !== 200 || game?.archived !== true || typeof game.id !== 'number') continue;
    archivedGameId ??= game.id;
    if (archivedGameId === game.id) {
      archivedGameReviewId = id;
      break;
    }
  }
  if (archivedGameId === undefined && games.length >= gamesPages.total) {
    for (const id of gapIds(
      games.map((g) => g.id),
      limits.archivedGameProbes,
    )) {
      const response = await discoveryGet(client, `/games/${id}`);
      const status = (response.body as { data?: { status?: { archived?: unknown } } } | undefined)?.data
        ?.status;
      if (response.status === 200 && status?.archived === true) {
        archivedGameId = id;
        break;
      }
    }
  }

  // MSSP: one game with a snapshot, one without (hint first).
  let gameWithoutMsspId = hints.gameWithoutMssp;
  let gameWithMsspId: number | undefined;
  const msspCandidates = [...mudClientGameIds, ...webOnlyGameIds].slice(0, limits.msspProbes);
  for (const id of msspCandidates) {
    if (gameWithMsspId !== undefined && gameWithoutMsspId !== undefined) break;
    const response = await discoveryGet(client, `/games/${id}/mssp`);
    const status = (response.body as { meta?: { status?: unknown } } | undefined)?.meta?.status;
    if (response.status !== 200) continue;
    if (status === 'available') gameWithMsspId ??= id;
    if (status === 'mssp_not_available') gameWithoutMsspId ??= id;
  }

  // Players: prefer games that report players now.
  let gameWithPlayersId: number | undefined;
  const playerCandidates = [
    ...(gameWithMsspId !== undefined ? [gameWithMsspId] : []),
    ...games.filter((g) => typeof g.status?.latest_players === 'number').map((g) => g.id),
  ];
  for (const id of [...new Set(playerCandidates)].slice(0, limits.playerProbes)) {
    const response = await discoveryGet(client, `/games/${id}/players`);
    const data = (response.body as { data?: unknown } | undefined)?.data;
    if (response.status === 200 && Array.isArray(data) && data.length > 0) {
      gameWithPlayersId = id;
      break;
    }
  }

  const serverNow = () => (client.serverNow ? client.serverNow() : Date.now());
  const discovery: Discovery = {
    tagGroups,
    tagFilters: mapTagFilters(tagGroups, games, profile),
    totalActiveGames: gamesPages.total,
    games,
    webOnlyGameIds,
    mudClientGameIds,
    words: collectWords(games),
    reviews,
    totalReviews: reviewPages.total,
    serverNow,
  };
  if (archivedGameId !== undefined) discovery.archivedGameId = archivedGameId;
  if (archivedGameReviewId !== undefined) discovery.archivedGameReviewId = archivedGameReviewId;
  if (gameWithoutMsspId !== undefined) discovery.gameWithoutMsspId = gameWithoutMsspId;
  if (gameWithMsspId !== undefined) discovery.gameWithMsspId = gameWithMsspId;
  if (gameWithPlayersId !== undefined) discovery.gameWithPlayersId = gameWithPlayersId;
  if (primaryLimit !== undefined) discovery.primaryLimit = primaryLimit;
  if (refusedRequests.length > 0) discovery.refusedRequests = refusedRequests;
  return discovery;
}

/** The discovery facts reporters print (`discovery-done`). */
export function discoveryFacts(discovery: Discovery): Record<string, string | number | boolean | null> {
  return {
    tagGroups: discovery.tagGroups.length,
    tagFilters: discovery.tagFilters.map((f) => `${f.group.name}→${f.param}`).join(', '),
    totalActiveGames: discovery.totalActiveGames,
    gamesSampled: discovery.games.length,
    webOnlyGames: discovery.webOnlyGameIds.length,
    mudClientGames: discovery.mudClientGameIds.length,
    words: discovery.words.length,
    reviewsSampled: discovery.reviews.length,
    totalReviews: discovery.totalReviews,
    archivedGameId: discovery.archivedGameId ?? null,
    archivedGameReviewId: discovery.archivedGameReviewId ?? null,
    gameWithoutMsspId: discovery.gameWithoutMsspId ?? null,
    gameWithMsspId: discovery.gameWithMsspId ?? null,
    gameWithPlayersId: discovery.gameWithPlayersId ?? null,
    primaryLimit: discovery.primaryLimit ?? null,
    ...(discovery.refusedRequests ? { refusedRequests: discovery.refusedRequests.length } : {}),
  };
}
