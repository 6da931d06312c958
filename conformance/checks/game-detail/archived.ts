import { defineCheck } from '../../src/core/check.ts';
import type { GameDetail } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { fetchGame } from '../harness/fetch-game.ts';
import { spreadOrder } from '../harness/spread-order.ts';
import { unlistedIds } from '../harness/unlisted-ids.ts';

/** §2 rule 1 on one archived game's detail. */
function expectArchivedRepresentation(response: ApiResponse, id: number, game: GameDetail): void {
  const { status, urls, ranking } = game;
  const expectations: Array<[boolean, string, string, unknown]> = [
    [status.archived === true, 'status.archived', 'true', status.archived],
    // D34: either documented reason; the schema check already refuses other strings.
    [typeof status.archive_reason === 'string', 'status.archive_reason', 'set', status.archive_reason],
    [urls?.play === null, 'urls.play', 'null', urls?.play],
    [ranking?.rank === null, 'ranking.rank', 'null', ranking?.rank],
    [status.confirmed_online === false, 'status.confirmed_online', 'false', status.confirmed_online],
  ];
  for (const [holds, path, expected, received] of expectations) {
    const reason = typeof status.archive_reason === 'string' ? ` (${status.archive_reason})` : '';
    expectThat(
      response,
      holds,
      `Archived game ${id}${reason}: ${path} breaks rule 1`,
      `${path} ${expected}`,
      `${path} ${JSON.stringify(received)}`,
    );
  }
}

/** The detail in a 200 answer to GET /games/{id} of an archived game, with its id; else undefined. */
function archivedDetailOf(response: ApiResponse): { id: number; game: GameDetail } | undefined {
  if (response.status !== 200 || response.request.method !== 'GET') return undefined;
  const match = /\/games\/(\d+)$/.exec(new URL(response.url).pathname);
  const game = (response.body as { data?: GameDetail } | undefined)?.data;
  if (match === null || game?.status?.archived !== true) return undefined;
  return { id: Number(match[1]), game };
}

/**
 * §2 rule 1 holds for every archived game, whatever took it out of the directory: the given one
 * (`--archived-game-id`) first, then every archived detail the run has read (GAMES-UNLISTED-ARE-
 * ARCHIVED looks up the ids missing from the collection: no request of this check's), then those
 * ids in turn as the budget allows — games archived for another reason than the given one's
 * (D34: an administrator's, a lost connection's) come that way.
 */
export const archived = defineCheck({
  id: 'GAME-DETAIL-ARCHIVED',
  area: 'game-detail',
  source: '§2 rules on game resources, rule 1; §4 GET /games/{gameId}; §3 states table, archived',
  level: 'must',
  title: 'An archived game is returned in the archived representation',
  covers: ['S2.RULE1', 'S4.GAME.ARCHIVED', 'S3.ARCHIVED', 'S2.ST.ARCHIVED', 'S2.ST.REASON'],
  async run(ctx) {
    const id = ctx.discovery.archivedGameId;
    if (id === undefined) return ctx.skip('no archived game id is known (give --archived-game-id)');
    const judged = new Set<number>();
    const judge = (seen: ApiResponse): boolean => {
      const found = archivedDetailOf(seen);
      if (found === undefined || judged.has(found.id)) return false;
      judged.add(found.id);
      expectArchivedRepresentation(seen, found.id, found.game);
      return true;
    };
    // The archived details the run has read (the given game's among them, as a rule): one of
    // them is the minimal pass's verdict, at no request.
    ctx.judgeObserved((seen) => archivedDetailOf(seen) !== undefined, judge);
    if (!judged.has(id)) {
      const { response, game } = await fetchGame(ctx, id);
      judged.add(id);
      expectArchivedRepresentation(response, id, game);
    }
    // The ids missing from the collection discovery read whole (archived, or never existing).
    const { games, totalActiveGames } = ctx.discovery;
    if (games.length === 0 || games.length < totalActiveGames) return;
    const { gaps, edges } = unlistedIds(new Set(games.map((g) => g.id)));
    const unjudged = (at: number) => !judged.has(at);
    await ctx.sweep([...spreadOrder(gaps.filter(unjudged)), ...edges.filter(unjudged)], async (gap) => {
      if (judged.has(gap)) return;
      judge(await ctx.client.get(`/games/${gap}`));
    });
  },
});
