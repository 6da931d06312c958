import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { fetchGame } from '../harness/fetch-game.ts';

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
    const { response, game } = await fetchGame(ctx, id);
    const { status, urls, ranking } = game;
    const expectations: Array<[boolean, string, string, unknown]> = [
      [status.archived === true, 'status.archived', 'true', status.archived],
      // D34: either documented reason; the schema check already refuses other strings.
      [typeof status.archive_reason === 'string', 'status.archive_reason', 'set', status.archive_reason],
      [urls.play === null, 'urls.play', 'null', urls.play],
      [ranking.rank === null, 'ranking.rank', 'null', ranking.rank],
      [status.confirmed_online === false, 'status.confirmed_online', 'false', status.confirmed_online],
    ];
    for (const [holds, path, expected, received] of expectations) {
      expectThat(
        response,
        holds,
        `Archived game ${id}: ${path} breaks rule 1`,
        `${path} ${expected}`,
        `${path} ${JSON.stringify(received)}`,
      );
    }
  },
});
