/**
 * Moving data: a directory whose data changes while clients read it, as a production
 * deployment's does (its crawler, voters and reviewers never stop). Off by default; with
 * `--moving-data SECONDS` (AppOptions.movingData) the dataset takes one step per period of the
 * app's clock, and the app serves the newest step from the first request of each period on.
 *
 * A step changes what sorts, filters and counts read, as a live directory would:
 * - monthly votes grow by 1–3 for about 3 % of the active games (so `top_voted` reorders);
 * - about 1 % of the listings are edited (`updated` becomes the step's time: `last_updated`
 *   and `recently_updated` move);
 * - watcher counts drift by one for about 2 %;
 * - a crawl is reported failed late for about 1 % of the crawled games (an outage from the
 *   last crawl-grid point, lasting one to three periods: `last_successful_connect`,
 *   `recently_online`, the online status and that point's player sample move, until the next
 *   crawl succeeds; an MSSP snapshot of that crawl goes with it, so the newest stored one is
 *   the previous crawl's);
 * - every other step or so, a new review is posted on an active game (review counts, `most_reviewed`,
 *   average ratings and the /reviews collection move); its id is the next after the largest.
 * No game is added or archived, and every rule of the description still holds at every step:
 * the data moves, the API does not change.
 *
 * Deterministic: the same dataset, period and start instant give the same steps (hash32 of the
 * step number and the game id), so a failure seen on a moving server can be replayed.
 */
import { hash32, hashToUnit } from '../../fixtures/src/hash.ts';
import type { Dataset, GameRecord, Outage, ReviewRecord } from '../../fixtures/src/model.ts';
import { lastSuccessfulConnect, playersAt } from '../../fixtures/src/samples.ts';
import { gridFloor } from '../../fixtures/src/time.ts';

export interface MovingDataOptions {
  /** Seconds of the app's clock between two steps (at least 1). */
  periodSeconds: number;
}

/** The fields a step changes; a game is served as its record with these laid over it. */
type MovedFields = {
  -readonly [K in 'monthlyVotes' | 'updated' | 'watcherCount' | 'outages']: GameRecord[K];
} & {
  // Set only when a failed crawl takes the snapshot back: generated games write msspRaw when read.
  -readonly [K in 'msspCollectedAt' | 'msspRaw']?: GameRecord[K];
};

/** Steps taken at most when the clock jumps far ahead; beyond, the data moves on from there. */
const MAX_STEPS_AT_ONCE = 1_000;

const AUTHORS = ['Wren', 'Ashgrove', 'Keeper of Lamps', 'Tamsin', 'Old Fennick', 'Marisol'];
const TITLES = ['Came back after a year', 'Still my favourite', 'Crowded lately', 'Give it a week'];

export class MovingData {
  readonly #base: Dataset;
  readonly #periodSeconds: number;
  /** The step the data is at; undefined before the first reading. */
  #step: number | undefined;
  readonly #moved = new Map<number, MovedFields>();
  readonly #posted: ReviewRecord[] = [];
  #nextReviewId: number;
  #current: Dataset;
  /** Active games, crawled active games: the candidates of each change. */
  readonly #active: GameRecord[];
  readonly #crawled: GameRecord[];

  constructor(base: Dataset, options: MovingDataOptions) {
    if (!Number.isInteger(options.periodSeconds) || options.periodSeconds < 1)
      throw new Error(
        `moving data: the period must be a whole number of seconds ≥ 1, not ${options.periodSeconds}`,
      );
    this.#base = base;
    this.#periodSeconds = options.periodSeconds;
    this.#current = base;
    this.#nextReviewId = base.reviews.reduce((max, r) => Math.max(max, r.id), 0) + 1;
    this.#active = base.games.filter((g) => g.archiveReason === null);
    this.#crawled = this.#active.filter((g) => !g.webOnly && g.crawlStart !== null && g.crawlEnd === null);
  }

  /**
   * The dataset at `nowMs` when it differs from the one last returned, else undefined: the
   * caller rebuilds its indexes only when the data moved. The first reading starts the steps.
   */
  at(nowMs: number): Dataset | undefined {
    const step = Math.floor(nowMs / 1000 / this.#periodSeconds);
    if (this.#step === undefined) {
      this.#step = step;
      return undefined;
    }
    if (step <= this.#step) return undefined;
    const from = Math.max(this.#step + 1, step - MAX_STEPS_AT_ONCE + 1);
    for (let s = from; s <= step; s++) this.#take(s);
    this.#step = step;
    this.#current = this.#materialise();
    return this.#current;
  }

  /** The dataset last returned (the base before the first step). */
  get current(): Dataset {
    return this.#current;
  }

  #fields(game: GameRecord): MovedFields {
    let fields = this.#moved.get(game.id);
    if (fields === undefined) {
      fields = {
        monthlyVotes: game.monthlyVotes,
        updated: game.updated,
        watcherCount: game.watcherCount,
        outages: game.outages,
      };
      this.#moved.set(game.id, fields);
    }
    return fields;
  }

  #take(step: number): void {
    const time = step * this.#periodSeconds;
    for (const game of this.#active) {
      const roll = (salt: number) => hashToUnit(hash32(step, game.id, salt));
      if (roll(1) < 0.03) this.#fields(game).monthlyVotes += 1 + Math.floor(roll(2) * 3);
      if (roll(3) < 0.01) this.#fields(game).updated = Math.max(game.updated, time);
      if (roll(4) < 0.02) {
        const fields = this.#fields(game);
        fields.watcherCount = Math.max(0, fields.watcherCount + (roll(5) < 0.5 ? -1 : 1));
      }
    }
    for (const game of this.#crawled) {
      if (hashToUnit(hash32(step, game.id, 6)) >= 0.01) continue;
      // The crawl at the last grid point is reported failed; the outage lasts 1–3 periods.
      const start = gridFloor(time);
      const periods = 1 + Math.floor(hashToUnit(hash32(step, game.id, 7)) * 3);
      const outage: Outage = { start, end: Math.max(time + periods * this.#periodSeconds, start + 1) };
      const fields = this.#fields(game);
      const last = fields.outages[fields.outages.length - 1];
      if (last !== undefined && last.end > start) continue; // outages stay sorted and disjoint
      const previous = gridFloor(start - 1);
      if (game.crawlStart === null || previous < game.crawlStart) continue;
      fields.outages = [...fields.outages, outage];
      const collectedAt =
        fields.msspCollectedAt === undefined ? game.msspCollectedAt : fields.msspCollectedAt;
      if (collectedAt !== null && collectedAt >= start) {
        // The snapshot came with the crawl that failed: the newest stored is the one before.
        const raw = fields.msspRaw === undefined ? game.msspRaw : fields.msspRaw;
        const before = lastSuccessfulConnect({ ...game, outages: fields.outages, crawlEnd: null }, start);
        fields.msspCollectedAt = before;
        fields.msspRaw =
          raw === null || before === null ? null : { ...raw, PLAYERS: String(playersAt(game, before)) };
      }
    }
    if (hashToUnit(hash32(step, 0, 8)) < 0.5 && this.#active.length > 0) {
      const game = this.#active[hash32(step, 0, 9) % this.#active.length]!;
      const rated = hashToUnit(hash32(step, 0, 10)) < 0.8;
      this.#posted.push({
        id: this.#nextReviewId++,
        gameId: game.id,
        title: TITLES[hash32(step, 0, 11) % TITLES.length]!,
        rating: rated ? 1 + (hash32(step, 0, 12) % 5) : null,
        authorDisplayName: AUTHORS[hash32(step, 0, 13) % AUTHORS.length]!,
        authorAffiliation: null,
        submitted: time,
        edited: null,
        body: `Posted while the directory was being read (step ${step}).\n\n*Still worth a visit.*`,
      });
    }
  }

  #materialise(): Dataset {
    const games = this.#base.games.map((game) => {
      const fields = this.#moved.get(game.id);
      return fields === undefined ? game : overlay(game, fields);
    });
    return { ...this.#base, games, reviews: [...this.#base.reviews, ...this.#posted] };
  }
}

/**
 * The game with `fields` laid over it. A proxy, not a copy: generated games write their texts
 * when read, from private state, so their getters must run on the record itself.
 */
function overlay(game: GameRecord, fields: MovedFields): GameRecord {
  const own = { ...fields };
  return new Proxy(game, {
    get: (target, property) =>
      Object.hasOwn(own, property)
        ? own[property as keyof MovedFields]
        : Reflect.get(target, property, target),
  });
}
