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
import { clockFreeFields, gameStatus, type RepresentationContext } from './representation.ts';

/** Characters of fixed parts kept per index: about 1.4 KB a game, so every game up to ~140,000. */
const PART_CHARS_KEPT = 192 * 1024 * 1024;

interface Kept {
  apiBase: string;
  parts: Map<number, string>;
  chars: number;
  /** The clock epoch the statuses are of (see above), and the statuses' JSON by game id. */
  epoch: number;
  statuses: Map<number, string>;
}

const keptByIndex = new WeakMap<GameIndex, Kept>();

function keptFor(context: RepresentationContext): Kept {
  const { index, apiBase } = context;
  let kept = keptByIndex.get(index);
  if (kept?.apiBase !== apiBase) {
    kept = { apiBase, parts: new Map(), chars: 0, epoch: Number.NaN, statuses: new Map() };
    keptByIndex.set(index, kept);
  }
  return kept;
}

/** The clock epoch of `now`: its grid slot's first second, or (slot + ½) the rest of the slot. */
export function statusEpoch(now: number): number {
  const slot = gridFloor(now);
  return now === slot ? slot : slot + 0.5;
}

/** The JSON of a game's fixed fields, without the closing brace. */
function fixedPart(game: GameRecord, context: RepresentationContext, kept: Kept): string {
  let part = kept.parts.get(game.id);
  if (part !== undefined) return part;
  part = JSON.stringify(clockFreeFields(game, context)).slice(0, -1);
  if (kept.chars + part.length <= PART_CHARS_KEPT) {
    kept.parts.set(game.id, part);
    kept.chars += part.length;
  }
  return part;
}

/** The JSON of a game's `status` at `now`. */
function statusJson(game: GameRecord, now: number, kept: Kept): string {
  const epoch = statusEpoch(now);
  if (kept.epoch !== epoch) {
    kept.epoch = epoch;
    kept.statuses = new Map();
  }
  let status = kept.statuses.get(game.id);
  if (status === undefined) {
    status = JSON.stringify(gameStatus(game, now));
    kept.statuses.set(game.id, status);
  }
  return status;
}

/** `JSON.stringify(gameSummary(game, context))`, from the game's kept parts. */
export function gameSummaryJson(game: GameRecord, context: RepresentationContext): string {
  const kept = keptFor(context);
  return `${fixedPart(game, context, kept)},"status":${statusJson(game, context.now, kept)}}`;
}
