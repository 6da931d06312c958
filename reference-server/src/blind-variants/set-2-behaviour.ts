/**
 * What the variants of blind set 2 (set-2.ts) do where it takes more than a guard: a directory
 * that moves with every request, two instances behind one address (clocks, request ids), slow or
 * jittered answers, connection handling, chunked bodies, statistics ranges prepared on demand.
 * Nothing here runs unless its variant is named.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { hash32, hashToUnit } from '../../../fixtures/src/hash.ts';
import type { Dataset, GameRecord, ReviewRecord } from '../../../fixtures/src/model.ts';
import type { VariantSet } from '../variants.ts';

/** The app's clock (context.ts's `Clock`, written here: context.ts imports this module). */
type Clock = { now(): number };

const DAY_MS = 86_400_000;
const DAY_SECONDS = 86_400;

// ---------------------------------------------------------------------------------------------
// A directory that moves with every request.

/** The fields of a game a request may change. */
type GameChanges = Partial<{ -readonly [K in 'monthlyVotes' | 'archiveReason']: GameRecord[K] }>;

/** The changes of an edited review. */
interface ReviewEdit {
  edited: number;
  rating: number | null;
  edits: number;
}

/** Which kinds of movement are on. */
interface Movements {
  votes: boolean;
  edits: boolean;
  listings: boolean;
  archiving: boolean;
}

/** Every fifth request lists a new game (`bv2-new-listings-appear`). */
const LISTING_EVERY = 5;
/** Every tenth request archives an unreachable game (`bv2-unreachable-games-archived`). */
const ARCHIVING_EVERY = 10;

/** The live directory of the variants that move data with every request, or undefined when none is on. */
export function liveDirectory(base: Dataset, variants: VariantSet): LiveDirectory | undefined {
  const movements: Movements = {
    votes: variants.has('bv2-votes-counted-every-request'),
    edits: variants.has('bv2-review-edits-land'),
    listings: variants.has('bv2-new-listings-appear'),
    archiving: variants.has('bv2-unreachable-games-archived'),
  };
  return Object.values(movements).some(Boolean) ? new LiveDirectory(base, movements) : undefined;
}

/**
 * The directory as a live deployment's is: voters, reviewers, listing owners and the crawler's
 * archiving keep working while a client reads. Each request may take one step (deterministic:
 * hash32 of the request's number), and every rule of the description holds after each.
 */
export class LiveDirectory {
  readonly #base: Dataset;
  readonly #movements: Movements;
  #requests = 0;
  readonly #gameChanges = new Map<number, GameChanges>();
  readonly #added: GameRecord[] = [];
  readonly #reviewEdits = new Map<number, ReviewEdit>();
  #nextGameId: number;
  /** The active games as the directory has them now (base records; changes are laid over when served). */
  #active: GameRecord[];
  /** Active games the crawler no longer reaches: what may be archived for non-connectivity. */
  #unreachable: GameRecord[];

  constructor(base: Dataset, movements: Movements) {
    this.#base = base;
    this.#movements = movements;
    this.#nextGameId = base.games.reduce((max, game) => Math.max(max, game.id), 0) + 1;
    this.#active = base.games.filter((game) => game.archiveReason === null);
    this.#unreachable = this.#active.filter((game) => !game.webOnly && game.crawlEnd !== null);
  }

  /** The directory after this request's step, or undefined when nothing moved. */
  onRequest(nowMs: number): Dataset | undefined {
    const n = (this.#requests += 1);
    const now = Math.floor(nowMs / 1000);
    let moved = false;
    if (this.#movements.votes && this.#active.length > 0) {
      const game = this.#active[hash32(n, 0xb0_7e) % this.#active.length]!;
      const changes = this.#changesOf(game.id);
      changes.monthlyVotes = (changes.monthlyVotes ?? game.monthlyVotes) + 1;
      moved = true;
    }
    if (this.#movements.edits && this.#base.reviews.length > 0) {
      const review = this.#base.reviews[hash32(n, 0xed_17) % this.#base.reviews.length]!;
      const previous = this.#reviewEdits.get(review.id);
      const rated = (previous?.rating ?? review.rating) !== null;
      this.#reviewEdits.set(review.id, {
        // `edited` records the latest edit: never before the submission or an earlier edit.
        edited: Math.max(now, review.submitted, previous?.edited ?? review.edited ?? 0),
        rating: rated ? 1 + (hash32(n, 0xed_18) % 5) : null,
        edits: (previous?.edits ?? 0) + 1,
      });
      moved = true;
    }
    if (this.#movements.listings && n % LISTING_EVERY === 0 && this.#active.length > 0) {
      const template = this.#active[hash32(n, 0x11_57) % this.#active.length]!;
      const game = newListing(template, this.#nextGameId++, now);
      this.#added.push(game);
      this.#active.push(game);
      moved = true;
    }
    if (this.#movements.archiving && n % ARCHIVING_EVERY === 0 && this.#unreachable.length > 0) {
      const game = this.#unreachable.splice(hash32(n, 0xa2_c4) % this.#unreachable.length, 1)[0]!;
      this.#changesOf(game.id).archiveReason = 'non_connectivity';
      this.#active = this.#active.filter((active) => active !== game);
      moved = true;
    }
    return moved ? this.#materialise() : undefined;
  }

  #changesOf(id: number): GameChanges {
    let changes = this.#gameChanges.get(id);
    if (changes === undefined) this.#gameChanges.set(id, (changes = {}));
    return changes;
  }

  #materialise(): Dataset {
    const games = [...this.#base.games, ...this.#added].map((game) => {
      const changes = this.#gameChanges.get(game.id);
      return changes === undefined ? game : overlay(game, { ...changes });
    });
    const reviews = this.#base.reviews.map((review) => {
      const edit = this.#reviewEdits.get(review.id);
      return edit === undefined ? review : editedReview(review, edit);
    });
    return { ...this.#base, games, reviews };
  }
}

/**
 * `record` with `own` laid over it. A proxy, not a copy: generated records write their texts when
 * read, from private state, so their getters must run on the record itself.
 */
function overlay<T extends object>(record: T, own: Record<string, unknown>): T {
  return new Proxy(record, {
    get: (target, property) =>
      typeof property === 'string' && Object.hasOwn(own, property)
        ? own[property]
        : Reflect.get(target, property, target),
  });
}

/** A game listed now, written from an active one's texts and tags: not crawled yet, no votes. */
function newListing(template: GameRecord, id: number, now: number): GameRecord {
  return overlay(template, {
    id,
    slug: `new-listing-${id}`,
    name: `${template.name} (new listing ${id})`,
    archiveReason: null,
    monthlyVotes: 0,
    watcherCount: 0,
    created: now,
    listed: now,
    updated: now,
    crawlStart: null,
    crawlEnd: null,
    outages: [],
    msspCollectedAt: null,
    msspRaw: null,
    statisticsState: 'ready',
  });
}

/** A review after its edits: the latest edit's time and rating, a paragraph added per edit. */
function editedReview(review: ReviewRecord, edit: ReviewEdit): ReviewRecord {
  return new Proxy(review, {
    get: (target, property) => {
      if (property === 'edited') return edit.edited;
      if (property === 'rating') return edit.rating;
      if (property === 'body') {
        const body = Reflect.get(target, 'body', target) as string;
        return `${body}\n\n*Edited* (${edit.edits} ${edit.edits === 1 ? 'time' : 'times'}): **still playing**.`;
      }
      return Reflect.get(target, property, target);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Two instances behind one address.

/** How far the second instance's clock is behind the first's. */
export const SKEW_MS = 750;

/**
 * Requests sent in turn to two instances whose clocks differ (`bv2-instance-clocks-skewed`): the
 * clock reads the answering instance's time; outside a request, the first instance's.
 */
export class SkewedInstances {
  readonly #instance = new AsyncLocalStorage<number>();
  #requests = 0;
  readonly clock: Clock;

  constructor(base: Clock) {
    this.clock = { now: () => base.now() - (this.#instance.getStore() === 1 ? SKEW_MS : 0) };
  }

  /** Runs the rest of the request on the next instance in turn. */
  balance(): RequestHandler {
    return (_req, _res, next) => {
      const instance = this.#requests++ % 2;
      this.#instance.run(instance, next);
    };
  }
}

/**
 * Requests sent in turn to two instances with different request id generators
 * (`bv2-request-ids-two-generators`): the first keeps the UUID already assigned, the second
 * writes its own (time, instance, sequence and randomness: unique across instances).
 */
export function twoRequestIdGenerators(clock: Clock): RequestHandler {
  const instance = randomBytes(3).toString('hex');
  let requests = 0;
  let sequence = 0;
  return (_req, res, next) => {
    if (requests++ % 2 === 1) {
      sequence += 1;
      res.locals.requestId = `req_${clock.now().toString(36)}_${instance}_${sequence.toString(36)}_${randomBytes(4).toString('hex')}`;
    }
    next();
  };
}

// ---------------------------------------------------------------------------------------------
// Timing and transport.

/** How long the statistics endpoints take (`bv2-slow-statistics`). */
export const SLOW_STATISTICS_MS = 1_200;
/** The longest jitter of an answer (`bv2-latency-jitter`). */
export const MAX_JITTER_MS = 400;

const STATISTICS_PATH = /\/games\/[^/]+\/(statistics|activity-pattern)\/?$/;

/** The answer's end, and everything it sends, held back `delayMs` (real time: the network's and the database's). */
function deferEnd(res: Response, delayMs: number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  (res as unknown as { end: (...args: unknown[]) => Response }).end = (...args) => {
    setTimeout(() => end(...args), delayMs);
    return res;
  };
}

/** `bv2-slow-statistics` and `bv2-latency-jitter`: answers held back before they leave. */
export function delayedAnswers(variants: VariantSet): RequestHandler | undefined {
  const slow = variants.has('bv2-slow-statistics');
  const jitter = variants.has('bv2-latency-jitter');
  if (!slow && !jitter) return undefined;
  let requests = 0;
  return (req, res, next) => {
    let delay = 0;
    if (slow && STATISTICS_PATH.test(req.path)) delay += SLOW_STATISTICS_MS;
    if (jitter) delay += Math.floor(hashToUnit(hash32((requests += 1), 0x717e)) * (MAX_JITTER_MS + 1));
    if (delay > 0) deferEnd(res, delay);
    next();
  };
}

/** Requests a connection carries before it is closed (`bv2-keep-alive-max-requests`). */
export const REQUESTS_PER_CONNECTION = 5;

/** `bv2-connection-close` and `bv2-keep-alive-max-requests`: when an answer closes its connection. */
export function connectionHandling(variants: VariantSet): RequestHandler | undefined {
  const always = variants.has('bv2-connection-close');
  const bounded = variants.has('bv2-keep-alive-max-requests');
  if (!always && !bounded) return undefined;
  const served = new WeakMap<object, number>();
  return (req, res, next) => {
    const count = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, count);
    // Node closes the connection once an answer with `Connection: close` is sent.
    if (always || count >= REQUESTS_PER_CONNECTION) res.setHeader('Connection', 'close');
    next();
  };
}

/** Writes a body takes (`bv2-chunked-body-writes`). */
const BODY_WRITES = 4;

/**
 * `bv2-chunked-body-writes`: a body sent in several writes with chunked transfer coding (no
 * Content-Length), each on its own turn of the event loop, as a streaming serialiser sends it.
 */
export function chunkedBodies(): RequestHandler {
  return (req, res, next) => {
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    (res as unknown as { end: (...args: unknown[]) => Response }).end = (...args) => {
      const [chunk, encoding] = args;
      if (res.headersSent || req.method === 'HEAD' || (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)))
        return end(...args);
      const bytes =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : chunk;
      if (bytes.length < BODY_WRITES) return end(...args);
      res.removeHeader('Content-Length');
      const size = Math.ceil(bytes.length / BODY_WRITES);
      let at = 0;
      const writeNext = () => {
        if (at >= bytes.length || res.destroyed) {
          end();
          return;
        }
        res.write(bytes.subarray(at, (at += size)));
        setImmediate(writeNext);
      };
      writeNext();
      return res;
    };
    next();
  };
}

// ---------------------------------------------------------------------------------------------
// Statistics ranges prepared on demand.

/** How far back the statistics are kept at hand (`bv2-statistics-prepared-on-demand`). */
export const HOT_STATISTICS_DAYS = 35;

/** Per server (its variant set, shared by every copy of its context), the ranges prepared so far. */
const preparedRanges = new WeakMap<object, Set<string>>();

/** Whether a statistics query's `from` lies more than HOT_STATISTICS_DAYS before the current UTC date. */
export function isColdRange(from: unknown, nowMs: number): boolean {
  if (typeof from !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(from)) return false;
  const start = Date.parse(`${from}T00:00:00Z`);
  if (Number.isNaN(start)) return false;
  const today = Math.floor(nowMs / DAY_MS) * DAY_SECONDS * 1000;
  return start < today - HOT_STATISTICS_DAYS * DAY_MS;
}

/** True the first time `range` is asked for on the server `owner` stands for (it is being prepared); false after. */
export function firstAskOfRange(owner: object, range: string): boolean {
  let prepared = preparedRanges.get(owner);
  if (prepared === undefined) preparedRanges.set(owner, (prepared = new Set()));
  if (prepared.has(range)) return false;
  prepared.add(range);
  return true;
}
