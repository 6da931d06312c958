/**
 * Everything GET /games needs, built once from the dataset (part when the app is created,
 * the rest right after the server starts listening: buildInBackground), so a request never
 * sorts: each of the six sorts (DECISIONS D22) is a precomputed
 * order over the active games, and a query walks that order testing membership
 * (tag bitsets, static masks, the clock-relative windows and the search text),
 * counting `total` and keeping only the requested page.
 *
 * The one clock-dependent sort, `recently_online`, orders by the last successful
 * crawl, which only changes when the clock crosses a crawl-grid point: its order is
 * recomputed once per crawl interval (30 minutes of clock time), not per request.
 */
import type { CategoryKey, Dataset, GameRecord, TagRecord } from '../../../fixtures/src/model.ts';
import { CATEGORY_KEYS } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { gridFloor } from '../../../fixtures/src/time.ts';
import type { GameQuery, GameSort } from './game-query.ts';
import { stableOrder } from '../../../fixtures/src/stable-order.ts';
import { ById } from './by-id.ts';
import { SearchTextBuilder, type SearchText } from './search-text.ts';

/** §8 "Limits": recently_updated window. */
export const RECENTLY_UPDATED_SECONDS = 30 * 86_400;
/** Search terms whose matching games stay cached: at most this many (12 KiB each at 100,000 games)… */
const TERM_CACHE_SIZE = 512;
/** …and at most this many bytes of masks (so 64 terms at 1,000,000 games), like the filters' masks. */
const MASK_CACHE_BYTES = 8 * 1024 * 1024;
/** Longest slice of the background q-text build: what a request may wait behind it while the server warms up. */
const SEARCH_SLICE_MS = 4;

/** §8 "Limits": online_recently window. */
export const ONLINE_RECENTLY_SECONDS = 48 * 3600;

export interface ReviewStats {
  count: number;
  ratingCount: number;
  /** Mean rating rounded to 2 decimals; null when no review has a rating (D41). */
  averageRating: number | null;
}

export interface GamePage {
  total: number;
  games: GameRecord[];
}

/** The sorts whose order is fixed (every one but `recently_online`, which moves with the clock). */
export type StaticSort = Exclude<GameSort, 'recently_online'>;

/** What a static sort orders by, ascending (then by id): a game, given its number of reviews. */
export type SortKey = (game: GameRecord, reviewCount: number) => number;

/** D22: the sort keys (each descending but `oldest`). */
export const SORT_KEYS: Readonly<Record<StaticSort, SortKey>> = {
  top_voted: (game) => -game.monthlyVotes,
  newest: (game) => -game.listed,
  oldest: (game) => game.listed,
  last_updated: (game) => -game.updated,
  most_reviewed: (_game, reviewCount) => -reviewCount,
};

/** A tag a game may have in a category, or (`tagId` null) having no tag there. */
export interface TagTerm {
  category: CategoryKey;
  tagId: number | null;
}

/** The games having any one of the terms; a filter holds the games in every one of its clauses. */
export type TagClause = readonly TagTerm[];

/**
 * §4 GET /games rule 2: one clause per requested category, its ids ORed; the clauses ANDed.
 * A game without a tag in a category matches none of its ids.
 */
export function tagClauses(tagIds: GameQuery['tagIds']): TagClause[] {
  const clauses: TagClause[] = [];
  for (const category of CATEGORY_KEYS) {
    const ids = tagIds[category];
    if (ids !== undefined) clauses.push(ids.map((tagId) => ({ category, tagId })));
  }
  return clauses;
}

/** What GET /games lists, how it filters and orders; GAME_INDEX_RULES are §4's, §8's and DECISIONS'. */
export interface GameIndexRules {
  /** Whether a game is listed: in the results and the totals. */
  listed(game: GameRecord): boolean;
  /** Whether a game with monthly votes has a rank (D23). */
  ranked(game: GameRecord): boolean;
  /** The fields a search term is looked for in. */
  searchedFields(game: GameRecord): readonly string[];
  /** Whether a game must contain every search term, or any one. */
  termsMatch: 'every' | 'any';
  /** The tag filter of the requested tag ids. */
  tagClauses(tagIds: GameQuery['tagIds']): TagClause[];
  sortKeys: Readonly<Record<StaticSort, SortKey>>;
  /** The order of games with equal sort keys. */
  tiesById: 'ascending' | 'descending';
  /** The `recently_updated` window. */
  recentlyUpdatedSeconds: number;
  /** The `online_recently` window. */
  onlineRecentlySeconds: number;
}

export const GAME_INDEX_RULES: GameIndexRules = {
  // §4 GET /games: archived listings are excluded from results and totals.
  listed: (game) => game.archiveReason === null,
  // D23: archived games are unranked (§2 rule 1).
  ranked: (game) => game.archiveReason === null,
  // §4 q: name, intro and description.
  searchedFields: (game) => [game.name, game.intro, game.description],
  // §4 q: every term must occur.
  termsMatch: 'every',
  tagClauses,
  sortKeys: SORT_KEYS,
  // D22: equal keys by id ascending.
  tiesById: 'ascending',
  recentlyUpdatedSeconds: RECENTLY_UPDATED_SECONDS,
  onlineRecentlySeconds: ONLINE_RECENTLY_SECONDS,
};

/** A fixed-size set of active-game positions. */
class Bitset {
  constructor(readonly words: Uint32Array) {}

  static ofSize(size: number): Bitset {
    return new Bitset(new Uint32Array(Math.ceil(size / 32)));
  }

  add(position: number): void {
    this.words[position >>> 5]! |= 1 << (position & 31);
  }

  has(position: number): boolean {
    return ((this.words[position >>> 5] ?? 0) & (1 << (position & 31))) !== 0;
  }

  orWith(other: Bitset): void {
    for (let i = 0; i < this.words.length; i++) this.words[i]! |= other.words[i]!;
  }

  andWith(other: Bitset): void {
    for (let i = 0; i < this.words.length; i++) this.words[i]! &= other.words[i]!;
  }

  copy(): Bitset {
    return new Bitset(this.words.slice());
  }

  /** Number of members (SWAR popcount per 32-bit word). */
  count(): number {
    let total = 0;
    for (let word of this.words) {
      word -= (word >>> 1) & 0x55555555;
      word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
      total += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }
}

/** Last successful connects of the active games at one crawl-grid point, and the order they give. */
interface ConnectSnapshot {
  slot: number;
  /** Epoch seconds per position; NaN when null (never reached, web-only). */
  values: Float64Array;
  order: Uint32Array;
}

/** Adds an entry to a least-recently-used cache (a Map, most recent last), dropping the oldest beyond `kept`. */
function remember<V>(cache: Map<string, V>, key: string, value: V, kept: number): void {
  cache.set(key, value);
  if (cache.size > kept) cache.delete(cache.keys().next().value!);
}

/** An entry of a least-recently-used cache (see remember), made the most recent; undefined when absent. */
function recall<V>(cache: Map<string, V>, key: string): V | undefined {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return value;
}

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

export class GameIndex {
  readonly dataset: Dataset;
  /** Listed (active) games, id ascending; a game's position here is its index in every structure below. */
  private readonly active: GameRecord[];
  /** Every game, archived included, by id; the per-game figures below are kept at its positions. */
  private readonly byId: ById<GameRecord>;
  private readonly tagsById = new Map<number, TagRecord>();
  /** Reviews, rated reviews and the sum of their ratings, per game position. */
  private readonly reviewCounts: Uint32Array;
  private readonly ratingCounts: Uint32Array;
  private readonly ratingSums: Float64Array;
  /** Rank per game position; 0 when unranked. */
  private readonly ranks: Uint32Array;
  /** Each static sort's order, built when first asked for or by the background build (buildInBackground). */
  private readonly orders: Partial<Record<StaticSort, Uint32Array>> = {};
  /** Reviews per active position (what `most_reviewed` orders by). */
  private readonly activeReviewCounts: Uint32Array;
  private readonly tagSets: Record<CategoryKey, Map<number, Bitset>>;
  private readonly webOnly: Bitset;
  private readonly mudClient: Bitset;
  private readonly reviewed: Bitset;
  private readonly updated: Float64Array;
  /** The q text, built a slice at a time between requests (buildInBackground) or at once when first searched. */
  private readonly searchBuilder: SearchTextBuilder;
  private backgroundBuild: Promise<void> | undefined;
  /** Games containing a search term, per term, most recently used last (bounded LRU). */
  private readonly termMasks = new Map<string, Bitset>();
  /** The games a query's clock-independent filters leave, and how many, per filter (bounded LRU). */
  private readonly filterMasks = new Map<string, { mask: Bitset; count: number }>();
  /** How many masks each cache keeps: the byte budget's worth, within 16 … TERM_CACHE_SIZE. */
  private readonly masksKept: number;
  private connects: ConnectSnapshot | undefined;
  /** Equal sort keys, by position (positions are in id order). */
  private readonly tieBreak: (a: number, b: number) => number;

  constructor(
    dataset: Dataset,
    private readonly rules: GameIndexRules = GAME_INDEX_RULES,
  ) {
    this.dataset = dataset;
    this.tieBreak = rules.tiesById === 'ascending' ? (a, b) => a - b : (a, b) => b - a;
    this.byId = new ById(dataset.games);
    for (const group of dataset.taxonomy.groups)
      for (const tag of group.values) this.tagsById.set(tag.id, tag);
    for (const tag of dataset.taxonomy.custom) this.tagsById.set(tag.id, tag);
    this.reviewCounts = new Uint32Array(this.byId.size);
    this.ratingCounts = new Uint32Array(this.byId.size);
    this.ratingSums = new Float64Array(this.byId.size);
    for (const review of dataset.reviews) {
      const position = this.byId.positionOf(review.gameId);
      if (position === -1) continue;
      this.reviewCounts[position]! += 1;
      if (review.rating !== null) {
        this.ratingCounts[position]! += 1;
        this.ratingSums[position]! += review.rating;
      }
    }

    this.active = dataset.games.filter((game) => rules.listed(game)).sort((a, b) => a.id - b.id);
    const size = this.active.length;
    this.masksKept = Math.min(
      TERM_CACHE_SIZE,
      Math.max(16, Math.floor(MASK_CACHE_BYTES / (4 * Math.ceil(size / 32) + 64))),
    );
    this.webOnly = Bitset.ofSize(size);
    this.mudClient = Bitset.ofSize(size);
    this.reviewed = Bitset.ofSize(size);
    this.updated = new Float64Array(size);
    // Generated games write their texts when read: each is written once by the build, and not kept.
    this.searchBuilder = new SearchTextBuilder(size, (position) =>
      rules.searchedFields(this.active[position]!),
    );
    this.tagSets = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, new Map<number, Bitset>()])) as Record<
      CategoryKey,
      Map<number, Bitset>
    >;
    // Reviews per active position (active games are a subsequence of byId's, both in id order).
    const reviewCounts = (this.activeReviewCounts = new Uint32Array(size));
    for (let position = 0, at = 0; position < size; position++) {
      const id = this.active[position]!.id;
      while (this.byId.records[at]!.id !== id) at++;
      reviewCounts[position] = this.reviewCounts[at]!;
    }
    this.active.forEach((game, position) => {
      (game.webOnly ? this.webOnly : this.mudClient).add(position);
      if (reviewCounts[position]! > 0) this.reviewed.add(position);
      this.updated[position] = game.updated;
      for (const key of CATEGORY_KEYS) {
        const tagId = game.categories[key];
        if (tagId === undefined) continue;
        const sets = this.tagSets[key];
        let set = sets.get(tagId);
        if (!set) sets.set(tagId, (set = Bitset.ofSize(size)));
        set.add(position);
      }
    });

    // D23: rank = position among active games by monthly votes, ties by id; games without
    // votes are unranked, and so are archived games (§2 rule 1).
    const records = this.byId.records;
    const votes = new Float64Array(records.length);
    records.forEach((game, position) => {
      votes[position] = rules.ranked(game) && game.monthlyVotes > 0 ? -game.monthlyVotes : 1;
    });
    this.ranks = new Uint32Array(records.length);
    // Positions are in id order, so the stable order breaks ties by id; unranked games (key 1) come last.
    const byVotes = stableOrder(votes);
    for (let i = 0; i < byVotes.length && votes[byVotes[i]!]! < 0; i++) this.ranks[byVotes[i]!] = i + 1;
  }

  /**
   * Builds what start-up leaves for after listening, between requests: the static sorts'
   * orders (one per turn of the event loop: a native sort, ~12 ms at 100,000 games), then
   * the q text in slices of at most SEARCH_SLICE_MS. A request needing a part not built yet
   * builds it at once (that request waits for it). Resolves when all is built; every call
   * returns the same promise.
   */
  buildInBackground(): Promise<void> {
    this.backgroundBuild ??= new Promise<void>((resolve) => {
      const sorts = Object.keys(this.rules.sortKeys) as StaticSort[];
      const slice = (): void => {
        const sort = sorts.shift();
        if (sort !== undefined) this.order(sort);
        else if (this.searchBuilder.step(performance.now() + SEARCH_SLICE_MS)) return resolve();
        setImmediate(slice);
      };
      setImmediate(slice);
    });
    return this.backgroundBuild;
  }

  /** A static sort's order (D22: its key, then the tie-break by id). */
  private order(sort: StaticSort): Uint32Array {
    return (this.orders[sort] ??= this.orderBy(this.rules.sortKeys[sort], this.activeReviewCounts));
  }

  private get searchText(): SearchText {
    return this.searchBuilder.finish();
  }

  /** Any game by id, archived included. */
  game(id: number): GameRecord | undefined {
    return this.byId.get(id);
  }

  tag(id: number): TagRecord | undefined {
    return this.tagsById.get(id);
  }

  rank(gameId: number): number | null {
    const position = this.byId.positionOf(gameId);
    return position === -1 || this.ranks[position] === 0 ? null : this.ranks[position]!;
  }

  reviewStats(gameId: number): ReviewStats {
    const position = this.byId.positionOf(gameId);
    if (position === -1) return { count: 0, ratingCount: 0, averageRating: null };
    const rated = this.ratingCounts[position]!;
    return {
      count: this.reviewCounts[position]!,
      ratingCount: rated,
      averageRating: rated === 0 ? null : roundTo2(this.ratingSums[position]! / rated),
    };
  }

  /** One page of active games matching `query`, in its sort order, and the total across pages. */
  search(query: GameQuery, now: number): GamePage {
    const filtered = this.filterMask(query);
    const mask = filtered?.mask;
    const order = query.sort === 'recently_online' ? this.connectSnapshot(now).order : this.order(query.sort);
    // D48: both windows are inclusive.
    const updatedSince = query.recentlyUpdated ? now - this.rules.recentlyUpdatedSeconds : undefined;
    const connects = query.onlineRecently ? this.connectSnapshot(now).values : undefined;
    const onlineSince = now - this.rules.onlineRecentlySeconds;
    const first = (query.page - 1) * query.perPage;
    const end = first + query.perPage;

    // Without a clock-relative filter the total is known from the mask alone, so the walk
    // can stop at the end of the page instead of visiting every game.
    const knownTotal =
      updatedSince === undefined && connects === undefined
        ? (filtered?.count ?? this.active.length)
        : undefined;

    let total = 0;
    const games: GameRecord[] = [];
    for (const position of order) {
      if (knownTotal !== undefined && total >= end) break;
      if (mask && !mask.has(position)) continue;
      if (updatedSince !== undefined && this.updated[position]! < updatedSince) continue;
      // NaN (never reached) fails the comparison.
      if (connects && !(connects[position]! >= onlineSince)) continue;
      if (total >= first && total < end) games.push(this.active[position]!);
      total += 1;
    }
    return { total: knownTotal ?? total, games };
  }

  /**
   * The games whose name, intro or description contains `term` (already lower-cased).
   * One scan of the search texts per term, then cached: paging through a search, or
   * searches sharing a word, never scan again. The cache is bounded (LRU) so arbitrary
   * client terms cannot grow memory without limit.
   */
  private termMask(term: string): Bitset {
    const cached = recall(this.termMasks, term);
    if (cached) return cached;
    const mask = Bitset.ofSize(this.active.length);
    this.searchText.eachContaining(term, (position) => mask.add(position));
    remember(this.termMasks, term, mask, this.masksKept);
    return mask;
  }

  /**
   * The staticMask of a query and its size, cached per filter: paging through a result, or the
   * same filter asked again, neither allocates nor combines bitsets (at 1,000,000 games each is
   * 125 KB, and allocating several per request drove the collector, p99 1.3 s).
   */
  private filterMask(query: GameQuery): { mask: Bitset; count: number } | undefined {
    const { connectionType, hasReviews, terms, tagIds } = query;
    const key = JSON.stringify([
      connectionType,
      hasReviews,
      terms,
      CATEGORY_KEYS.map((k) => tagIds[k] ?? null),
    ]);
    const cached = recall(this.filterMasks, key);
    if (cached) return cached;
    const mask = this.staticMask(query);
    if (mask === undefined) return undefined;
    const filtered = { mask, count: mask.count() };
    remember(this.filterMasks, key, filtered, this.masksKept);
    return filtered;
  }

  /** The AND of the clock-independent filters, or undefined when there is none. */
  private staticMask(query: GameQuery): Bitset | undefined {
    const parts: Bitset[] = [];
    if (query.connectionType === 'web_only') parts.push(this.webOnly);
    if (query.connectionType === 'mud_client') parts.push(this.mudClient);
    if (query.hasReviews) parts.push(this.reviewed);
    if (query.terms.length > 0) {
      const masks = query.terms.map((term) => this.termMask(term));
      if (this.rules.termsMatch === 'any') {
        const any = Bitset.ofSize(this.active.length);
        for (const mask of masks) any.orWith(mask);
        parts.push(any);
      } else parts.push(...masks);
    }
    for (const clause of this.rules.tagClauses(query.tagIds)) {
      const union = Bitset.ofSize(this.active.length);
      for (const { category, tagId } of clause) {
        // D20: an unknown id adds nothing.
        const set = tagId === null ? this.untagged(category) : this.tagSets[category].get(tagId);
        if (set) union.orWith(set);
      }
      parts.push(union);
    }
    const [first, ...rest] = parts;
    if (!first) return undefined;
    const mask = first.copy();
    for (const part of rest) mask.andWith(part);
    return mask;
  }

  /** Games with no tag in a category. */
  private untagged(key: CategoryKey): Bitset {
    const untagged = Bitset.ofSize(this.active.length);
    this.active.forEach((game, position) => {
      if (game.categories[key] === undefined) untagged.add(position);
    });
    return untagged;
  }

  /** Last successful connects at `now`; they only change at crawl-grid points, so one snapshot per grid slot. */
  private connectSnapshot(now: number): ConnectSnapshot {
    const slot = gridFloor(now);
    if (this.connects?.slot === slot) return this.connects;
    const values = new Float64Array(this.active.length);
    this.active.forEach((game, position) => {
      // D5: web-only games are not connection-tested.
      const t = game.webOnly ? null : lastSuccessfulConnect(game, now);
      values[position] = t ?? Number.NaN;
    });
    // D22 recently_online: last_successful_connect desc, nulls last, then id asc.
    const order = Uint32Array.from(this.active.keys()).sort((a, b) => {
      const va = values[a]!;
      const vb = values[b]!;
      if (Number.isNaN(va) || Number.isNaN(vb)) {
        if (Number.isNaN(va) && Number.isNaN(vb)) return this.tieBreak(a, b);
        return Number.isNaN(va) ? 1 : -1;
      }
      return vb - va || this.tieBreak(a, b);
    });
    this.connects = { slot, values, order };
    return this.connects;
  }

  private orderBy(key: SortKey, reviewCounts: Uint32Array): Uint32Array {
    const size = this.active.length;
    const ascending = this.rules.tiesById === 'ascending';
    // Ties by id descending: the stable order of the positions taken from the end.
    const keys = new Float64Array(size);
    for (let position = 0; position < size; position++) {
      const at = ascending ? position : size - 1 - position;
      keys[position] = key(this.active[at]!, reviewCounts[at]!);
    }
    const order = stableOrder(keys);
    if (!ascending) for (let i = 0; i < size; i++) order[i] = size - 1 - order[i]!;
    return order;
  }
}
