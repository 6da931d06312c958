import type { CheckContext } from '../../src/core/check.ts';
import { defineCheck } from '../../src/core/check.ts';
import { dataOf } from '../../src/core/expect.ts';
import { gameAsRead, gamesOfAnswer, type GameAsRead } from '../harness/games-of-answer.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { taxonomyIndex, type ListedTag } from './support/taxonomy-index.ts';

/** A category tag of an active game that GET /tags does not list under its name. */
interface Unlisted {
  gameId: unknown;
  key: string;
  tag: { id: number; name: string };
  listed: ListedTag[] | undefined;
}

/** Whether the taxonomy lists the tag under its name. */
function lists(index: Map<number, ListedTag[]>, tag: { id: number; name: string }): boolean {
  return index.get(tag.id)?.some((entry) => entry.name === tag.name) === true;
}

/** The category tags of the games among `games` not known archived that the taxonomy does not list as such. */
function unlistedIn(games: readonly GameAsRead[], index: Map<number, ListedTag[]>): Unlisted[] {
  return games
    .filter((game) => game.status.archived !== true)
    .flatMap((game) =>
      Object.entries(game.tags.categories).flatMap(([key, tag]) =>
        lists(index, tag) ? [] : [{ gameId: game.id, key, tag, listed: index.get(tag.id) }],
      ),
    );
}

/**
 * Whether the game at fault no longer carries the tag (or is archived now): its detail read again,
 * a 200 naming the same game with its categories an object. An answer that cannot be read so
 * exonerates nothing.
 */
async function lostSince(ctx: CheckContext, { gameId, tag }: Unlisted): Promise<boolean> {
  const detail = await ctx.client.get(`/games/${String(gameId)}`, { fresh: true });
  const raw =
    detail.status === 200 ? dataOf<{ id?: unknown; tags?: { categories?: unknown } }>(detail) : undefined;
  const categories = raw?.tags?.categories;
  if (
    raw?.id !== gameId ||
    typeof categories !== 'object' ||
    categories === null ||
    Array.isArray(categories)
  )
    return false;
  const [game] = gamesOfAnswer(detail);
  if (game?.status.archived === true) return true;
  return !Object.values(game?.tags.categories ?? {}).some(
    (carried) => carried.id === tag.id && carried.name === tag.name,
  );
}

function fail(ctx: CheckContext, { gameId, key, tag, listed }: Unlisted, more: number): void {
  ctx.fail({
    message: `game ${gameId}: category ${key} tag ${tag.id} "${tag.name}" is not in GET /tags as such${more > 0 ? ` (and ${more} more)` : ''}`,
    expected: `tag ${tag.id} "${tag.name}" in a group of GET /tags`,
    received:
      listed === undefined
        ? `no tag ${tag.id} in GET /tags`
        : `tag ${tag.id} named ${listed.map((entry) => `"${entry.name}"`).join(', ')}`,
  });
}

/**
 * Category tags feed the filters, whose ids come from GET /tags; every active game's must be
 * there, a tag few games carry as much as a common one. Judged on the games discovery read and
 * on every active game the run's answers hold (GET /games pages, game details): a rare tag shows
 * on a game some other check paged to. Each is judged against discovery's taxonomy and against
 * GET /tags read again at the end (fresh, one request): after the run's tag-filtered GET /games,
 * whose own load of some groups a server may have kept as "the" taxonomy; a tag added during the
 * run passes, and a game at fault is read again before it fails the check.
 */
export const categoryTagsListed = defineCheck({
  id: 'TAGS-CATEGORY-TAGS-LISTED',
  area: 'tags',
  source: '§4 GET /games rule 1 ("Current IDs come from GET /tags"); §4 GET /tags ("the current taxonomy")',
  level: 'must',
  title: "Every tag in a game's categories is listed in GET /tags under the same name",
  covers: ['S4.GAMES.RULE1', 'S4.TAGS', 'S2.GS.TAGS'],
  async run(ctx) {
    if (ctx.discovery.games.length === 0) ctx.skip('discovery found no active games');
    const index = taxonomyIndex(ctx.discovery.tagGroups);
    // One entry per game and tag, however many answers showed it.
    const found = new Map<string, Unlisted>();
    /** The latest reading of each game the run saw, by id. */
    const seen = new Map<unknown, GameAsRead>();
    const note = (games: readonly GameAsRead[]) => {
      for (const game of games) seen.set(game.id, game);
      for (const entry of unlistedIn(games, index)) found.set(`${entry.gameId} ${entry.tag.id}`, entry);
    };
    // Discovery keeps a game whose categories are an object, whatever they hold.
    note(ctx.discovery.games.map(gameAsRead));
    ctx.judgeObserved(observedGets(ctx, /^\/games(\/\d+)?$/), (response) => {
      note(gamesOfAnswer(response));
      return true;
    });
    // GET /tags read again now, after the run's tag-filtered GET /games (a taxonomy a filter's own
    // load replaced lists that filter's groups only): the games seen must be in it too.
    // Only from spare requests (never at the cost of another check's verdict), unless a tag is
    // already unlisted.
    if (found.size === 0 && ctx.spareBudget() < 1) return;
    const fresh = await ctx.client.get('/tags', { fresh: true });
    const groups = fresh.status === 200 ? dataOf<typeof ctx.discovery.tagGroups>(fresh) : undefined;
    const current = Array.isArray(groups) ? taxonomyIndex(groups) : undefined;
    const games = [...seen.values()];
    if (current !== undefined) {
      for (const entry of unlistedIn(games, current)) found.set(`${entry.gameId} ${entry.tag.id}`, entry);
    }
    const unlisted = [...found.values()];
    // Judged against the taxonomy read now (a tag added since discovery passes); discovery's when
    // that read fails. A game seen earlier may have lost the tag since (a tag retired from the
    // taxonomy and its games during the run): the first game at fault is read again, and fails
    // the check only if it still carries the tag the taxonomy does not list.
    const still = unlisted.filter(({ tag }) => !lists(current ?? index, tag));
    for (const entry of still.slice(0, 3)) {
      if (!(await lostSince(ctx, entry))) fail(ctx, entry, still.length - 1);
    }
  },
});
