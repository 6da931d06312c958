/**
 * Game summaries written as JSON for GET /games pages, from a part kept per game.
 *
 * A summary is one game's fields, nearly all fixed while the data is (its links, tags, rank,
 * review figures, dates, intro: the generated games write their intro afresh each time it is
 * read), and its `status`, which moves with the clock. The JSON of the fixed fields is kept per
 * game and only the status is written per request: at 100,000 games a summary cost ~30 µs to
 * represent and serialise, ~3 µs from the kept part, and the represented pages were most of the
 * CPU of distinct GET /games queries (20 summaries a page). The text is exactly
 * `JSON.stringify(gameSummary(game, context))`: `status` is the summary's last field.
 *
 * Kept per GameIndex (new data is a new index, so nothing outlives the data it was written
 * from) and per API base (the links' origin; a request with another base starts afresh), for
 * at most KEPT games: the most recently asked for, in two generations (a game asked for in the
 * older one moves to the newer; when the newer is full the older is dropped).
 */
import type { GameRecord } from '../../../fixtures/src/model.ts';
import type { GameIndex } from './game-index.ts';
import { clockFreeFields, gameStatus, type RepresentationContext } from './representation.ts';

/** Games whose fixed part is kept, per index: about 1.2 KB each, so at most ~40 MB. */
const KEPT = 32_768;

interface Kept {
  apiBase: string;
  newer: Map<number, string>;
  older: Map<number, string>;
}

const keptByIndex = new WeakMap<GameIndex, Kept>();

/** The JSON of a game's fixed fields, without the closing brace. */
function fixedPart(game: GameRecord, context: RepresentationContext): string {
  const { index, apiBase } = context;
  let kept = keptByIndex.get(index);
  if (kept?.apiBase !== apiBase) {
    kept = { apiBase, newer: new Map(), older: new Map() };
    keptByIndex.set(index, kept);
  }
  let part = kept.newer.get(game.id);
  if (part !== undefined) return part;
  part = kept.older.get(game.id) ?? JSON.stringify(clockFreeFields(game, context)).slice(0, -1);
  if (kept.newer.size >= KEPT / 2) {
    kept.older = kept.newer;
    kept.newer = new Map();
  }
  kept.newer.set(game.id, part);
  return part;
}

/** `JSON.stringify(gameSummary(game, context))`, from the game's kept part. */
export function gameSummaryJson(game: GameRecord, context: RepresentationContext): string {
  return `${fixedPart(game, context)},"status":${JSON.stringify(gameStatus(game, context.now))}}`;
}
