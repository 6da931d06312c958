import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';

/** The games of an answer of GET /games (its data) or GET /games/{id} (its one game). */
function gamesOf(response: ApiResponse): GameSummary[] {
  const data = (response.body as { data?: unknown } | undefined)?.data;
  const games = Array.isArray(data) ? data : [data];
  return games.filter((game): game is GameSummary => typeof game === 'object' && game !== null);
}

/** The games whose status has an MSSP collection time but no successful connection, web-only ones aside. */
function collectedUnreached(games: readonly GameSummary[]): GameSummary[] {
  return games.filter(
    (game) =>
      game.status?.web_only === false &&
      typeof game.status.mssp_collected_at === 'string' &&
      game.status.last_successful_connect === null,
  );
}

function describe(game: GameSummary): string {
  return `game ${game.id}: mssp_collected_at ${game.status.mssp_collected_at}, last_successful_connect null`;
}

/**
 * MSSP is negotiated on a connection to the game (a telnet option, or a request on its port): a
 * snapshot collected means a connection that succeeded. So a game never reached
 * (`status.last_successful_connect` null, §2: null when no value exists) has no MSSP collection
 * time — a crawl's time written there (the last crawl, say) reports a snapshot nobody collected.
 * Which time a collection records is open (D4); only the null is judged. Web-only games are left
 * out (rule 2: not connection-tested, their MSSP fields may be suppressed). Judged on every game
 * discovery read and every game the run's answers hold: no request of its own.
 */
export const msspNeedsConnect = defineCheck({
  id: 'GAMES-STATUS-MSSP-NEEDS-CONNECT',
  area: 'games',
  source:
    '§2 status table (last_successful_connect, mssp_collected_at: NullableTimestamp); §1 rule 4 (null when no value exists)',
  level: 'must',
  title: 'A game never reached has no MSSP collection time',
  covers: ['S2.ST.MSSPAT', 'S2.ST.LASTCONNECT'],
  decisions: ['D4'],
  async run(ctx: CheckContext) {
    const unreached = collectedUnreached(ctx.discovery.games);
    if (unreached.length > 0) {
      ctx.fail({
        message: `A game never reached has an MSSP collection time (${describe(unreached[0]!)})`,
        expected: 'status.mssp_collected_at null while status.last_successful_connect is null',
        received: unreached.slice(0, 3).map(describe).join('; '),
      });
    }
    const judged = ctx.judgeObserved(observedGets(ctx, /^\/games(\/\d+)?$/), (response) => {
      const games = gamesOf(response);
      const broken = collectedUnreached(games);
      expectThat(
        response,
        broken.length === 0,
        `A game never reached has an MSSP collection time (${broken[0] === undefined ? '' : describe(broken[0])})`,
        'status.mssp_collected_at null while status.last_successful_connect is null',
        broken.slice(0, 3).map(describe).join('; '),
      );
      return games.length > 0;
    });
    const reached = ctx.discovery.games.filter((game) => game.status?.web_only === false);
    if (reached.length === 0 && judged === 0) ctx.skip('no game playable with a MUD client seen');
  },
});
