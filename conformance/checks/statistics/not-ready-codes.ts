import { defineCheck } from '../../src/core/check.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { errorCodeOf, expectErrorEnvelope, expectThat } from '../../src/core/expect.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { NOT_READY_CODES } from './support/not-ready-codes.ts';
import { notReadyHints } from './support/not-ready-hints.ts';
import { namedStatisticsQuery, statisticsNames } from './support/probe-names.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';

/** Games looked at, at full depth; each costs up to three requests. */
const MAX_GAMES = 40;

/**
 * §4 rule 3 and §7 name the only two codes of a statistics 503; when the statistics of a game
 * are not ready is the deployment's (D15), so every 503 seen is judged, the hinted games
 * first. A long range (backfill is the likely reason for "pending") is asked under the probed
 * names when the probe found them, else the default range only. Once a run, when a game's long range
 * is refused 503 after its default range answered 200, the default range is asked again: it is
 * still not pending.
 */
export const notReadyCodes = defineCheck({
  id: 'STATISTICS-NOT-READY-CODES',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 3 (503 statistics_unavailable / statistics_pending); §7 error table',
  level: 'must',
  title: 'Statistics that are not ready answer 503 statistics_pending or statistics_unavailable',
  covers: ['S4.STATS.3-503', 'S7.CODE.statistics_pending', 'S7.CODE.statistics_unavailable'],
  async run(ctx) {
    const names = await statisticsNames(ctx);
    const today = utcDateOf(ctx.discovery.serverNow());
    const range = { from: addDays(today, -364), to: today };
    const long: QueryPairs | undefined =
      names.metricParam !== undefined && names.resolutionParam !== undefined
        ? namedStatisticsQuery(names, { metric: 'players', resolution: 'daily', ...range })
        : undefined;
    const hinted = notReadyHints(ctx);
    const ids = [
      ...new Set([
        ...[hinted.pending, hinted.unavailable].filter((id): id is number => id !== undefined),
        ...ctx.discovery.games.slice(0, MAX_GAMES).map((game) => game.id),
      ]),
    ];
    if (ids.length === 0) ctx.skip('discovery found no game in GET /games');
    const notReady: ApiResponse[] = [];
    let askedAgain = false;
    await ctx.sweep(ids, async (id) => {
      const asks: Array<[string, QueryPairs]> = [
        [statisticsPath(id), []],
        ...(long === undefined ? [] : [[statisticsPath(id), long] as [string, QueryPairs]]),
        [activityPatternPath(id), []],
      ];
      const statuses: number[] = [];
      for (const [index, [path, query]] of asks.entries()) {
        let response = await ctx.client.get(path, { query });
        // The default range's 200 is the "moment before" of the once-a-run recheck below: an
        // answer of the run's cache may be two minutes old, and a range ready then (a prepared
        // range kept for a while) may be pending again now. So that one is asked afresh.
        if (index === 0 && response.cached === true && long !== undefined && !askedAgain)
          response = await ctx.client.get(path, { query, fresh: true });
        statuses.push(response.status);
        if (response.status !== 503) continue;
        expectErrorEnvelope(response, 503, NOT_READY_CODES);
        notReady.push(response);
      }
      // Pending is a range's state ("requested historical range still being prepared"): the default
      // range answered a moment ago is not pending because a longer one is (a breaker or a
      // per-game flag answering every range of the game 503 after one). Once a run.
      if (long !== undefined && !askedAgain && statuses[0] === 200 && statuses[1] === 503) {
        askedAgain = true;
        const again = await ctx.client.get(statisticsPath(id), { fresh: true });
        expectThat(
          again,
          !(again.status === 503 && errorCodeOf(again) === 'statistics_pending'),
          `GET ${statisticsPath(id)} answered 200, then 503 statistics_pending right after a longer range of the game was refused`,
          'HTTP 200 as a moment before: the default range is ready; only the longer range is being prepared',
          `HTTP 503 statistics_pending`,
        );
      }
    });
    if (notReady.length === 0) {
      ctx.skip(
        'no 503 seen for the games looked at: name a game whose statistics are not ready with ' +
          '--statistics-pending-game-id or --statistics-unavailable-game-id',
      );
    }
    ctx.log(`${notReady.length} not-ready answers, all with a documented code`);
  },
});
