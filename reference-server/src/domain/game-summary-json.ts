/**
 * Game summaries written as JSON for GET /games pages, from parts kept per game.
 *
 * A summary is one game's fields, nearly all fixed while the data is (its links, tags, rank,
 * review figures, dates, intro: the generated games write their intro afresh each time it is
 * read), and its `status`, which moves with the clock. Both are kept as JSON text:
 *
 * - the fixed part once written, for good (no eviction: a cache that drops and rewrites parts
 *   turns them into old-generation garbage, and the collector's pauses were the tail of distinct
 *   queries), up to PART_CHARS_KEPT characters per index; past it, parts are written per request;
 * - the status per clock epoch: every field of it depends on the clock only through the crawl
 *   grid slot (`gridFloor(now)`: last crawl, last successful connect, latest players), except
 *   `confirmed_online`, which compares the last connect (a grid point) with `now − 48 h` (a
 *   whole number of slots): within a slot it can change only between its first second and the
 *   next. So an epoch is a slot's first second, or the rest of it; the statuses of the previous
 *   epoch are dropped when the clock enters another.
 *
 * Both are kept as UTF-8 bytes in arenas of their own (large Buffers, outside the V8 heap and
 * Node's 8 KB pool), so a page is written by copying each game's bytes once into the answer's
 * Buffer: no string of the page is joined, flattened or encoded per request, and the collector
 * neither marks nor moves the kept text. (Kept as strings, joined and encoded per request, the
 * page took ~64 µs of a ~190 µs answer at 100,000 games; parts kept as small Buffers each pinned
 * an 8 KB pool slab: RSS +150 MiB.)
 *
 * Writing a summary was ~20 µs at 100,000 games (the intro written, the fields represented and
 * serialised), a kept one well under 1 µs. The text is exactly
 * `JSON.stringify(gameSummary(game, context))`: `status` is the summary's last field.
 *
 * Kept per GameIndex (new data is a new index, so nothing outlives the data it was written
 * from) and per API base (the links' origin; a request with another base starts afresh).
 */
import type { GameRecord } from '../../../fixtures/src/model.ts';
import { gridFloor } from '../../../fixtures/src/time.ts';
import type { GameIndex } from './game-index.ts';
import { collectionTail, type PageRequest } from './pagination.ts';
import { clockFreeFields, gameStatus, type RepresentationContext } from './representation.ts';

/** Bytes of fixed parts kept per index: about 1.4 KB a game, so every game up to ~140,000. */
const PART_BYTES_KEPT = 192 * 1024 * 1024;
/** Size of an arena's chunks; a text longer than this gets a chunk of its own. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Where each game's kept data is: its id itself when the ids are dense (a generated directory's
 * are 1…n), else its position in the index (GameIndex.positionOf). Typed arrays indexed by it
 * replaced Maps of objects by id, whose lookups took ~7 % of the CPU of distinct queries (profile).
 */
interface Slots {
  size: number;
  slotOf(id: number): number;
}

function slotsOf(index: GameIndex): Slots {
  const games = index.dataset.games;
  let largest = 0;
  for (const game of games) largest = Math.max(largest, game.id);
  if (largest < 2 * games.length + 1024) return { size: largest + 1, slotOf: (id) => id };
  return { size: games.length, slotOf: (id) => index.positionOf(id) };
}

/**
 * UTF-8 texts kept as bytes, one per slot, appended to large chunks (allocated outside Node's
 * pool, so a small text pins nothing else) and never moved.
 */
class KeptTexts {
  readonly #chunks: Buffer[] = [];
  #used = 0;
  bytes = 0;
  /** Slots with a text. */
  count = 0;
  /**
   * Per slot, at 4 × slot: its chunk, its start and end there (end 0 = nothing kept; a text is
   * never empty). One array, 16 bytes a slot, so a slot's figures share a cache line: a page
   * reads them for 20 slots scattered over the array (three arrays were three misses a slot).
   */
  readonly #spans: Uint32Array;

  constructor(slots: number) {
    this.#spans = new Uint32Array(4 * slots);
  }

  has(slot: number): boolean {
    return this.#spans[4 * slot + 2] !== 0;
  }

  add(slot: number, text: string): void {
    const length = Buffer.byteLength(text);
    let chunk = this.#chunks[this.#chunks.length - 1];
    if (chunk === undefined || this.#used + length > chunk.length) {
      chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, length));
      this.#chunks.push(chunk);
      this.#used = 0;
    }
    chunk.write(text, this.#used, length, 'utf8');
    const at = 4 * slot;
    this.#spans[at] = this.#chunks.length - 1;
    this.#spans[at + 1] = this.#used;
    this.#spans[at + 2] = this.#used += length;
    this.bytes += length;
    this.count += 1;
  }

  byteLength(slot: number): number {
    return this.#spans[4 * slot + 2]! - this.#spans[4 * slot + 1]!;
  }

  /** Copies the slot's bytes into `out` at `at`; returns how many. */
  copy(slot: number, out: Buffer, at: number): number {
    const spans = this.#spans;
    const from = 4 * slot;
    return this.#chunks[spans[from]!]!.copy(out, at, spans[from + 1], spans[from + 2]);
  }
}

interface Kept {
  apiBase: string;
  slots: Slots;
  /** Fixed parts (the JSON of the fixed fields without the closing brace). */
  parts: KeptTexts;
  /** The clock epoch the statuses are of (see above), and the statuses' JSON. */
  epoch: number;
  statuses: KeptTexts;
}

const keptByIndex = new WeakMap<GameIndex, Kept>();

/** Longest slice of the background writing of parts: what a request may wait behind it. */
const FILL_SLICE_MS = 4;

/**
 * Writes every listed game's fixed part for `apiBase` (the server's own, once it listens), a
 * slice at a time between requests: a page of games nobody asked for yet then costs copies, not
 * ~20 µs a game (at 100,000 games, 2 s of work before the first distinct queries instead of
 * within them). Resolves with the number of parts kept when every part is, at the byte budget,
 * or when the index's parts are kept for another base (a request with another base came first,
 * or since).
 */
export function keepSummaries(index: GameIndex, apiBase: string): Promise<number> {
  const kept = keptOf(index, apiBase);
  const context = { index, apiBase };
  const games = index.dataset.games;
  let next = 0;
  return new Promise<number>((resolve) => {
    const slice = (): void => {
      if (keptByIndex.get(index) !== kept) return resolve(kept.parts.count);
      const until = performance.now() + FILL_SLICE_MS;
      while (next < games.length && performance.now() < until) {
        const game = games[next++]!;
        if (game.archiveReason !== null) continue;
        if (!keepPart(game, kept.slots.slotOf(game.id), context, kept)) return resolve(kept.parts.count);
      }
      if (next < games.length) setImmediate(slice);
      else resolve(kept.parts.count);
    };
    setImmediate(slice);
  });
}

/** What is kept for the index under `apiBase`: anew when it was kept for another base. */
function keptOf(index: GameIndex, apiBase: string): Kept {
  let kept = keptByIndex.get(index);
  if (kept?.apiBase !== apiBase) {
    const slots = slotsOf(index);
    kept = {
      apiBase,
      slots,
      parts: new KeptTexts(slots.size),
      epoch: Number.NaN,
      statuses: new KeptTexts(0),
    };
    keptByIndex.set(index, kept);
  }
  return kept;
}

/** What is kept for the context, its statuses of the context's clock epoch. */
function keptFor(context: RepresentationContext): Kept {
  const kept = keptOf(context.index, context.apiBase);
  const epoch = statusEpoch(context.now);
  if (kept.epoch !== epoch) {
    kept.epoch = epoch;
    kept.statuses = new KeptTexts(kept.slots.size);
  }
  return kept;
}

/** The clock epoch of `now`: its grid slot's first second, or (slot + ½) the rest of the slot. */
export function statusEpoch(now: number): number {
  const slot = gridFloor(now);
  return now === slot ? slot : slot + 0.5;
}

/** The JSON of a game's fixed fields without the closing brace. */
function partText(game: GameRecord, context: Omit<RepresentationContext, 'now'>): string {
  return JSON.stringify(clockFreeFields(game, context)).slice(0, -1);
}

/** Keeps the game's fixed part unless kept or past the budget; whether it is kept now. */
function keepPart(
  game: GameRecord,
  slot: number,
  context: Omit<RepresentationContext, 'now'>,
  kept: Kept,
): boolean {
  if (kept.parts.has(slot)) return true;
  if (kept.parts.bytes >= PART_BYTES_KEPT) return false;
  kept.parts.add(slot, partText(game, context));
  return true;
}

/**
 * Keeps the end of the game's summary at the kept epoch's clock unless kept: `,"status":`, the
 * status, and the summary's closing brace (one copy a game for all three).
 */
function keepStatus(game: GameRecord, slot: number, now: number, kept: Kept): void {
  if (!kept.statuses.has(slot))
    kept.statuses.add(slot, `,"status":${JSON.stringify(gameStatus(game, now))}}`);
}

const HEAD = Buffer.from('{"data":[');

/** Where a page's slots are noted while its length is summed (a typed array a page cost ~1 µs to make). */
let slotsScratch = new Uint32Array(64);

/**
 * `JSON.stringify(collection(games.map((game) => gameSummary(game, context)), request))` as
 * UTF-8 bytes, for the games of `ids` (GameIndex.search gives them), from the games' kept parts
 * (see above). A game's record is read only to write a part or a status not kept yet.
 */
export function gamesPageBytes(
  ids: readonly number[],
  context: RepresentationContext,
  request: PageRequest,
): Buffer {
  const kept = keptFor(context);
  const { parts, statuses } = kept;
  if (slotsScratch.length < ids.length) slotsScratch = new Uint32Array(ids.length);
  const slots = slotsScratch;
  /** A part past the budget, written for this answer only. */
  let unkept: Array<Buffer | undefined> | undefined;
  const tail = collectionTail(request);
  const tailLength = Buffer.byteLength(tail);
  // Each summary: its part, then `,"status":`, its status and `}`; a comma between two.
  let length = HEAD.length + tailLength + Math.max(0, ids.length - 1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const slot = (slots[i] = kept.slots.slotOf(id));
    const missing = !statuses.has(slot) || !parts.has(slot);
    const game = missing ? context.index.game(id)! : undefined;
    if (game !== undefined) keepStatus(game, slot, context.now, kept);
    length += statuses.byteLength(slot);
    if (game === undefined || keepPart(game, slot, context, kept)) length += parts.byteLength(slot);
    else length += ((unkept ??= [])[i] = Buffer.from(partText(game, context))).length;
  }
  const out = Buffer.allocUnsafe(length);
  let at = HEAD.copy(out, 0);
  for (let i = 0; i < ids.length; i++) {
    if (i > 0) out[at++] = 0x2c; // ,
    const slot = slots[i]!;
    const own = unkept?.[i];
    at += own === undefined ? parts.copy(slot, out, at) : own.copy(out, at);
    at += statuses.copy(slot, out, at);
  }
  at += out.write(tail, at, tailLength, 'utf8');
  if (at !== length) throw new Error(`games page written as ${at} bytes of ${length}`);
  return out;
}
