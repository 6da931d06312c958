import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { gamesOfAnswer, type GameAsRead } from '../harness/games-of-answer.ts';
import { observedGets } from '../harness/observed-gets.ts';

/** How long after its last successful connection a game's MSSP collection may be stamped (the end of a crawl). */
const STAMP_SLACK_MS = 3_600_000;

/** The games whose MSSP collection time has no successful connection at or before it: a line each. */
function unbacked(games: readonly GameAsRead[]): string[] {
  return games.flatMap((game) => {
    const status = game.status;
    if (status.web_only !== false || typeof status.mssp_collected_at !== 'string') return [];
    const connect = status.last_successful_connect;
    if (connect === null)
      return [`game ${game.id}: mssp_collected_at ${status.mssp_collected_at}, last_successful_connect null`];
    const late = Date.parse(status.mssp_collected_at) - Date.parse(String(connect));
    return late > STAMP_SLACK_MS
      ? [`game ${game.id}: mssp_collected_at ${status.mssp_collected_at}, last_successful_connect ${connect}`]
      : [];
  });
}

/** The games the rule constrains: MUD-client games with an MSSP collection time. */
const collected = (games: readonly GameAsRead[]): number =>
  games.filter((game) => game.status.web_only === false && typeof game.status.mssp_collected_at === 'string')
    .length;

/**
 * MSSP is negotiated on a connection to the game (a telnet option, or a request on its port): a
 * snapshot collected means a connection that succeeded, at or before the last successful one. So a
 * game never reached (`status.last_successful_connect` null, §2: null when no value exists) has no
 * MSSP collection time, and a reached game's is no later than its last successful connection (an
 * hour's slack for a collection stamped at the end of its crawl) — a crawl's time written there
 * (the last crawl, which may have failed) reports a snapshot nobody collected. Which earlier time
 * a collection records is open (D4). Web-only games are left
 * out (rule 2: not connection-tested, their MSSP fields may be suppressed). Judged on every game
 * discovery read and every game the run's answers hold: no request of its own.
 */
export const msspNeedsConnect = defineCheck({
  id: 'GAMES-STATUS-MSSP-NEEDS-CONNECT',
  area: 'games',
  source:
    '§2 status table (last_successful_connect, mssp_collected_at: NullableTimestamp); §1 rule 4 (null when no value exists)',
  level: 'must',
  title: 'A game has an MSSP collection time only at or before a successful connection',
  covers: ['S2.ST.MSSPAT', 'S2.ST.LASTCONNECT'],
  decisions: ['D4'],
  async run(ctx: CheckContext) {
    const found = unbacked(ctx.discovery.games);
    if (found.length > 0) {
      ctx.fail({
        message: `A game's MSSP collection time has no successful connection before it (${found[0]})`,
        expected:
          "status.mssp_collected_at null without a successful connection, else no later than it (an hour's slack)",
        received: found.slice(0, 3).join('; '),
      });
    }
    let judged = collected(ctx.discovery.games);
    ctx.judgeObserved(observedGets(ctx, /^\/games(\/\d+)?$/), (response) => {
      const games = gamesOfAnswer(response);
      const broken = unbacked(games);
      expectThat(
        response,
        broken.length === 0,
        `A game's MSSP collection time has no successful connection before it (${broken[0] ?? ''})`,
        "status.mssp_collected_at null without a successful connection, else no later than it (an hour's slack)",
        broken.slice(0, 3).join('; '),
      );
      judged += collected(games);
      return games.length > 0;
    });
    if (judged === 0) ctx.skip('no game playable with a MUD client and an MSSP collection time seen');
  },
});
