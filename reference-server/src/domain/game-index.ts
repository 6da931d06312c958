/**
 * Everything GET /games needs, built once from the dataset (part when the app is created,
 * the rest right after the server starts listening: buildInBackground), so a request never
 * sorts the games: each of the six sorts (DECISIONS D22) is a precomputed order over the
 * active games. Every filter of a query is a bitset over the games (tags, connection type,
 * reviews, each search term, the two clock-relative windows), so the matching games are
 * their AND and `total` its popcount. The page is then read off the sort's order: walking it
 * and keeping members while they are many, or, when they are few (walking would visit most
 * of the order to find them), taking the members and sorting their places in the order.
 *
 * The one clock-dependent sort, `recently_online`, orders by the last successful
 * crawl, which only changes when the clock crosses a crawl-grid point: its order is
 * recomputed once per crawl interval (30 minutes of clock time), not per request. The
 * windows move with every second: each is a prefix of an order by its time (newest first),
 * so its bitset is rebuilt from that prefix at most once per clock second.
 */
import type { CategoryKey, Dataset, GameRecord, TagRecord } from '../../../fixtures/src/model.ts';
import { CATEGORY_KEYS } from '../../../fixtures/src/model.ts';
import { lastSuccessfulConnect } from '../../../fixtures/src/samples.ts';
import { gridFloor } from '../../../fixtures/src/time.ts';
import type { GameQuery, GameSort } from './game-query.ts';
import { stableOrder } from '../../../fixtures/src/stable-order.ts';
import { Bitset } from './bitset.ts';
import { ById } from './by-id.ts';
import { SearchTextBuilder, type SearchText } from './search-text.ts';

/** §8 "Limits": recently_updated window. */
export const RECENTLY_UPDATED_SECONDS = 30 * 86_400;
/** Search terms whose matching games stay cached: at most this many (12 KiB each at 100,000 games)… */
const TERM_CACHE_SIZE = 2048;
/**
 * …and at most this many bytes of masks (so 192 terms at 1,000,000 games). Over 50,000 paths of the
 * bench's distinct-query generator (16,723 searched terms, 2,725 distinct), 512 terms missed 51 % of
 * the lookups and 2,048 miss 11–17 % (an LRU replayed on them); the `q` filter went from 90 to 29 µs
 * a query.
 */
const MASK_CACHE_BYTES = 24 * 1024 * 1024;
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

/**
 * A page as the index gives it: with the games' ids, which the index keeps in a typed array, and
 * the game records made only when read (reaching 20 records scattered over the heap was ~5 % of
 * the CPU of distinct GET /games queries, and the page's JSON needs only the ids).
 */
export interface IndexedGamePage extends GamePage {
  readonly ids: readonly number[];
}

/** The ids of a page's games: the index's when it gave them, else read off the records. */
export function pageIds(page: GamePage): readonly number[] {
  return (page as Partial<IndexedGamePage>).ids ?? page.games.map((game) => game.id);
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
  /** Whether games with equal votes share a rank (blind variant `bv2-rank-ties-shared`); else ties by id. */
  tiesShareRank?: boolean;
  /**
   * The order of games with equal keys (sorts and ranks) as positions of the games given, when it is
   * not by id (blind variant `bv3-sort-ties-by-name`); tiesById is then not read.
   */
  tieOrder?: (games: readonly GameRecord[]) => Uint32Array;
  /** Whether active games without monthly votes are ranked too, after the others (blind variant `bv3-unvoted-games-ranked`). */
  rankWithoutVotes?: boolean;
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

/** An order of the active games, and each position's place in it. */
interface SortOrder {
  order: Uint32Array;
  placeOf: Uint32Array;
}

/** Last successful connects of the active games at one crawl-grid point, and the order they give. */
interface ConnectSnapshot extends SortOrder {
  slot: number;
  /** Epoch seconds per position; NaN when null (never reached, web-only). */
  values: Float64Array;
}

/** The games within a clock-relative window, for one start of it (`since`). */
interface Window {
  since: number;
  mask: Bitset;
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
  /** The active games' ids, by position (any safe integer: a data file's ids have no maximum). */
  private readonly activeIds: Float64Array;
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
  private readonly orders: Partial<Record<StaticSort, SortOrder>> = {};
  /** Reviews per active position (what `most_reviewed` orders by). */
  private readonly activeReviewCounts: Uint32Array;
  private readonly tagSets: Record<CategoryKey, Map<number, Bitset>>;
  private readonly webOnly: Bitset;
  private readonly mudClient: Bitset;
  private readonly reviewed: Bitset;
  private readonly updated: Float64Array;
  /** Positions by `updated`, newest first (recently_updated is a prefix); built with the sorts' orders. */
  private byUpdated: Uint32Array | undefined;
  private updatedWindow: Window | undefined;
  private onlineWindow: (Window & { slot: number }) | undefined;
  /** Games with no tag, per category (fault `untagged-games-pass-tag-filter`), built when first asked for. */
  private readonly untaggedSets = new Map<CategoryKey, Bitset>();
  /**
   * Where a query's filters are combined (its ORs of tags or terms in `unions`, one each, made
   * when first needed), and where a page's members are turned into places in the sort order:
   * a search uses them and lets go before it returns.
   */
  private readonly combined: Bitset;
  private readonly unions: Bitset[] = [];
  private readonly places: Bitset;
  /** Members of the index's own bitsets (which never change once made), counted when first used alone. */
  private readonly counts = new WeakMap<Bitset, number>();
  /**
   * The index's own filter bitsets (tags, connection types, reviewed, the clock windows) turned
   * into the places of an order, made when a query first needs them there and kept while both
   * live (a connect snapshot or a window replaced lets its sets go).
   */
  private readonly inPlaces = new WeakMap<SortOrder, WeakMap<Bitset, Bitset>>();
  /** The q text, built a slice at a time between requests (buildInBackground) or at once when first searched. */
  private readonly searchBuilder: SearchTextBuilder;
  private backgroundBuild: Promise<void> | undefined;
  /** Games containing a search term, per term, most recently used last (bounded LRU). */
  private readonly termMasks = new Map<string, Bitset>();
  /** How many term masks the cache keeps: the byte budget's worth, within 16 … TERM_CACHE_SIZE. */
  private readonly masksKept: number;
  private connects: ConnectSnapshot | undefined;
  /** The active positions in the order equal sort keys take (sortTies), when it is not by id ascending. */
  private activeTieOrder: Uint32Array | undefined;

  constructor(
    dataset: Dataset,
    private readonly rules: GameIndexRules = GAME_INDEX_RULES,
  ) {
    this.dataset = dataset;
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
    this.activeIds = Float64Array.from(this.active, (game) => game.id);
    this.masksKept = Math.min(
      TERM_CACHE_SIZE,
      Math.max(16, Math.floor(MASK_CACHE_BYTES / (4 * Math.ceil(size / 32) + 64))),
    );
    this.webOnly = Bitset.ofSize(size);
    this.mudClient = Bitset.ofSize(size);
    this.reviewed = Bitset.ofSize(size);
    this.updated = new Float64Array(size);
    this.combined = Bitset.ofSize(size);
    this.places = Bitset.ofSize(size);
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
    // Blind variant `bv3-unvoted-games-ranked`: active games without votes ranked after the others (key −0.5).
    if (rules.rankWithoutVotes) {
      records.forEach((game, position) => {
        if (rules.ranked(game) && game.monthlyVotes === 0) votes[position] = -0.5;
      });
    }
    this.ranks = new Uint32Array(records.length);
    // Positions are in id order, so the stable order breaks ties by id; unranked games (key 1) come last.
    const byVotes = rules.tieOrder ? orderedWithTies(votes, rules.tieOrder(records)) : stableOrder(votes);
    for (let i = 0; i < byVotes.length && votes[byVotes[i]!]! < 0; i++) this.ranks[byVotes[i]!] = i + 1;
    // Blind variant `bv2-rank-ties-shared`: a game with as many votes as the one before takes its rank.
    if (rules.tiesShareRank) {
      for (let i = 1; i < byVotes.length && votes[byVotes[i]!]! < 0; i++) {
        if (votes[byVotes[i]!] === votes[byVotes[i - 1]!])
          this.ranks[byVotes[i]!] = this.ranks[byVotes[i - 1]!]!;
      }
    }
  }

  /**
   * Builds what start-up leaves for after listening, between requests: the static sorts'
   * orders and the order by `updated` (one per turn of the event loop: a native sort, ~12 ms
   * at 100,000 games), then the q text in slices of at most SEARCH_SLICE_MS. A request needing a part not built yet
   * builds it at once (that request waits for it). Resolves when all is built; every call
   * returns the same promise.
   */
  buildInBackground(): Promise<void> {
    this.backgroundBuild ??= new Promise<void>((resolve) => {
      const orders: Array<() => unknown> = [
        ...(Object.keys(this.rules.sortKeys) as StaticSort[]).map((sort) => () => this.order(sort)),
        () => this.updatedOrder(),
      ];
      const slice = (): void => {
        const build = orders.shift();
        if (build !== undefined) build();
        else if (this.searchBuilder.step(performance.now() + SEARCH_SLICE_MS)) return resolve();
        setImmediate(slice);
      };
      setImmediate(slice);
    });
    return this.backgroundBuild;
  }

  /** A static sort's order (D22: its key, then the tie-break by id). */
  private order(sort: StaticSort): SortOrder {
    return (this.orders[sort] ??= withPlaces(
      this.orderBy(this.rules.sortKeys[sort], this.activeReviewCounts),
    ));
  }

  /** Positions by `updated`, newest first. */
  private updatedOrder(): Uint32Array {
    return (this.byUpdated ??= stableOrder(this.updated.map((updated) => -updated)));
  }

  private get searchText(): SearchText {
    return this.searchBuilder.finish();
  }

  /** A game's position among every game in id order (0 … n − 1, archived included), or −1. */
  positionOf(id: number): number {
    return this.byId.positionOf(id);
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
    const mean = this.ratingMean(gameId);
    return {
      count: this.reviewCounts[position]!,
      ratingCount: this.ratingCounts[position]!,
      averageRating: mean === null ? null : roundTo2(mean),
    };
  }

  /** The mean of a game's ratings, unrounded; null when it has none. */
  ratingMean(gameId: number): number | null {
    const position = this.byId.positionOf(gameId);
    const rated = position === -1 ? 0 : this.ratingCounts[position]!;
    return rated === 0 ? null : this.ratingSums[position]! / rated;
  }

  /** One page of active games matching `query`, in its sort order, and the total across pages. */
  search(query: GameQuery, now: number): IndexedGamePage {
    const { total, positions } = this.pagePositions(query, now);
    const { active, activeIds } = this;
    let games: GameRecord[] | undefined;
    return {
      total,
      ids: positions.map((position) => activeIds[position]!),
      get games() {
        return (games ??= positions.map((position) => active[position]!));
      },
    };
  }

  /** The positions of the games of a page, in its sort order, and the total across pages. */
  private pagePositions(query: GameQuery, now: number): { total: number; positions: number[] } {
    const sortOrder = query.sort === 'recently_online' ? this.connectSnapshot(now) : this.order(query.sort);
    const { order, placeOf } = sortOrder;
    // Without search terms the filters are combined in the places of the order (their sets
    // there are kept), so the page is the members of ranks first … end − 1: whole words skipped
    // by their popcount, where walking the order visited ~end × size / total places (8–10 % of
    // the CPU of distinct GET /games queries at 100,000 games). Terms' masks stay in game
    // positions: keeping them in every order's places too would multiply the term cache by six.
    const inPlaces = query.terms.length === 0;
    const { mask, total } = this.matching(query, now, inPlaces ? sortOrder : undefined);
    const size = this.active.length;
    const first = (query.page - 1) * query.perPage;
    const end = Math.min(first + query.perPage, total);
    const positions: number[] = [];
    if (first >= end) return { total, positions };
    if (mask === undefined) {
      for (let i = first; i < end; i++) positions.push(order[i]!);
      return { total, positions };
    }
    // Walking the order visits about end × size / total positions to find the page's members
    // (a read of the order and of the mask each, ~3 ns). When that is more than turning the
    // members into their places in the order (a bitset of places: a read and a write a member,
    // ~5 ns, then two passes over its words, ~14 µs at 92,000 games), the page is read off the
    // places instead.
    if (inPlaces || 5 * total + size / 6 < (3 * end * size) / total) {
      let places = mask;
      if (!inPlaces) {
        places = this.places;
        places.setToMapped(mask, placeOf);
      }
      const found = new Uint32Array(end - first);
      places.selectInto(first, end - first, found);
      for (const place of found) positions.push(order[place]!);
      return { total, positions };
    }
    let seen = 0;
    for (let i = 0; seen < end; i++) {
      const position = order[i]!;
      if (!mask.has(position)) continue;
      if (seen >= first) positions.push(position);
      seen += 1;
    }
    return { total, positions };
  }

  /** One of the index's own filter bitsets in the places of `sortOrder` (kept; see inPlaces). */
  private placed(set: Bitset, sortOrder: SortOrder): Bitset {
    let sets = this.inPlaces.get(sortOrder);
    if (sets === undefined) this.inPlaces.set(sortOrder, (sets = new WeakMap()));
    let placed = sets.get(set);
    if (placed === undefined) {
      placed = Bitset.ofSize(this.active.length);
      placed.setToMapped(set, sortOrder.placeOf);
      sets.set(set, placed);
    }
    return placed;
  }

  /**
   * The games containing `term` (already lower-cased), from the word index of the search text,
   * then cached: paging through a search, or searches sharing a word, never look it up again.
   * The cache is bounded (LRU) so arbitrary client terms cannot grow memory without limit.
   */
  private termMask(term: string): Bitset {
    const cached = recall(this.termMasks, term);
    if (cached) return cached;
    const mask = this.searchText.containing(term);
    remember(this.termMasks, term, mask, this.masksKept);
    return mask;
  }

  /**
   * The games every filter of `query` keeps, and how many: the AND of the filters' bitsets
   * (combined in a buffer of the index's, valid until the next search; the last AND counts the
   * members as it goes), or no mask (every game) when it has no filter. A filter of one bitset
   * of the index's own is used as it is, its count kept. Nothing is allocated per query but the
   * clock windows (once per clock second): at 1,000,000 games a bitset is 125 KB, and
   * allocating several per request drove the collector (p99 1.3 s).
   */
  private matching(
    query: GameQuery,
    now: number,
    inPlacesOf?: SortOrder,
  ): { mask: Bitset | undefined; total: number } {
    const parts: Bitset[] = [];
    /** A filter set of the index's, in the places of `inPlacesOf` when given (a query without terms). */
    const own = (set: Bitset): Bitset => (inPlacesOf === undefined ? set : this.placed(set, inPlacesOf));
    let unions = 0;
    /** The OR of `sets` (none: the empty set), in a buffer of the index's when more than one. */
    const anyOf = (sets: readonly Bitset[]): Bitset => {
      if (sets.length === 1) return sets[0]!;
      const union = (this.unions[unions++] ??= Bitset.ofSize(this.active.length));
      if (sets.length === 0) union.clear();
      else union.setTo(sets[0]!);
      for (let i = 1; i < sets.length; i++) union.orWith(sets[i]!);
      return union;
    };
    if (query.connectionType === 'web_only') parts.push(own(this.webOnly));
    if (query.connectionType === 'mud_client') parts.push(own(this.mudClient));
    if (query.hasReviews) parts.push(own(this.reviewed));
    if (query.terms.length > 0) {
      const masks = query.terms.map((term) => this.termMask(term));
      if (this.rules.termsMatch === 'any') parts.push(anyOf(masks));
      else parts.push(...masks);
    }
    for (const clause of this.rules.tagClauses(query.tagIds)) {
      // D20: an unknown id adds nothing.
      const sets: Bitset[] = [];
      for (const { category, tagId } of clause) {
        const set = tagId === null ? this.untagged(category) : this.tagSets[category].get(tagId);
        if (set !== undefined) sets.push(own(set));
      }
      parts.push(anyOf(sets));
    }
    // D48: both windows are inclusive.
    if (query.recentlyUpdated) parts.push(own(this.recentlyUpdated(now - this.rules.recentlyUpdatedSeconds)));
    if (query.onlineRecently) parts.push(own(this.onlineSince(now, now - this.rules.onlineRecentlySeconds)));
    if (parts.length === 0) return { mask: undefined, total: this.active.length };
    if (parts.length === 1) {
      const only = parts[0]!;
      if (this.unions.includes(only)) return { mask: only, total: only.count() };
      let total = this.counts.get(only);
      if (total === undefined) this.counts.set(only, (total = only.count()));
      return { mask: only, total };
    }
    const { combined } = this;
    combined.setTo(parts[0]!);
    for (let i = 1; i < parts.length - 1; i++) combined.andWith(parts[i]!);
    return { mask: combined, total: combined.andWithCounting(parts[parts.length - 1]!) };
  }

  /** The games updated at `since` or later: a prefix of the order by `updated`. */
  private recentlyUpdated(since: number): Bitset {
    if (this.updatedWindow?.since !== since) {
      const order = this.updatedOrder();
      this.updatedWindow = {
        since,
        mask: this.prefix(order, (position) => this.updated[position]! >= since),
      };
    }
    return this.updatedWindow.mask;
  }

  /** The games last reached at `since` or later (at `now`): a prefix of the recently_online order. */
  private onlineSince(now: number, since: number): Bitset {
    const { slot, order, values } = this.connectSnapshot(now);
    const window = this.onlineWindow;
    if (window?.slot !== slot || window.since !== since) {
      // NaN (never reached) fails the comparison; such games come last in the order.
      const mask = this.prefix(order, (position) => values[position]! >= since);
      this.onlineWindow = { slot, since, mask };
    }
    return this.onlineWindow!.mask;
  }

  /** The positions of the longest prefix of `order` whose members all pass `within` (which holds for a prefix). */
  private prefix(order: Uint32Array, within: (position: number) => boolean): Bitset {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (within(order[middle]!)) low = middle + 1;
      else high = middle;
    }
    const mask = Bitset.ofSize(this.active.length);
    for (let i = 0; i < low; i++) mask.add(order[i]!);
    return mask;
  }

  /** Games with no tag in a category. */
  private untagged(key: CategoryKey): Bitset {
    let untagged = this.untaggedSets.get(key);
    if (untagged === undefined) {
      untagged = Bitset.ofSize(this.active.length);
      this.active.forEach((game, position) => {
        if (game.categories[key] === undefined) untagged!.add(position);
      });
      this.untaggedSets.set(key, untagged);
    }
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
    // D22 recently_online: last_successful_connect desc, nulls last, then id asc (sorted natively:
    // a comparator sort of 100,000 games stalled the first request of each crawl interval).
    let nullKey = Number.NEGATIVE_INFINITY;
    for (const value of values) if (-value > nullKey) nullKey = -value;
    nullKey = Number.isFinite(nullKey) ? nullKey + 1 : 0;
    const order = this.orderOf((position) => {
      const value = values[position]!;
      return Number.isNaN(value) ? nullKey : -value;
    });
    this.connects = { slot, values, ...withPlaces(order) };
    return this.connects;
  }

  private orderBy(key: SortKey, reviewCounts: Uint32Array): Uint32Array {
    return this.orderOf((position) => key(this.active[position]!, reviewCounts[position]!));
  }

  /** The positions by `key` ascending, equal keys in the rules' tie order. */
  private orderOf(key: (position: number) => number): Uint32Array {
    const keys = new Float64Array(this.active.length);
    for (let position = 0; position < keys.length; position++) keys[position] = key(position);
    // Positions are in id order: the stable order alone breaks ties by id ascending.
    const ties = (this.activeTieOrder ??= this.sortTies());
    return ties === undefined ? stableOrder(keys) : orderedWithTies(keys, ties);
  }

  /** The active positions in the order equal sort keys take, when it is not id ascending. */
  private sortTies(): Uint32Array | undefined {
    // Blind variant `bv3-sort-ties-by-name`: the rules' own tie order.
    if (this.rules.tieOrder) return this.rules.tieOrder(this.active);
    if (this.rules.tiesById === 'ascending') return undefined;
    const size = this.active.length;
    return Uint32Array.from({ length: size }, (_, i) => size - 1 - i);
  }
}

/** The positions by `keys` ascending, equal keys in the order of `ties` (a permutation of the positions). */
function orderedWithTies(keys: ArrayLike<number>, ties: Uint32Array): Uint32Array {
  const permuted = Float64Array.from(ties, (position) => keys[position]!);
  return stableOrder(permuted).map((i) => ties[i]!);
}

/** An order with each position's place in it. */
function withPlaces(order: Uint32Array): SortOrder {
  const placeOf = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i++) placeOf[order[i]!] = i;
  return { order, placeOf };
}
