import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { errorCodeOf, expectErrorEnvelope } from '../../src/core/expect.ts';
import { observedAnswers } from '../harness/observed-gets.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { notReadyHints } from './support/not-ready-hints.ts';
import { namedStatisticsQuery, statisticsNames } from './support/probe-names.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';
import { METRICS, RESOLUTIONS } from './support/statistics-vocabulary.ts';

/**
 * The games the user names as not ready answer as §7 describes them: the unavailable one
 * ("Statistics temporarily unavailable") 503 statistics_unavailable on both endpoints; the
 * pending one ("Requested historical range still being prepared") 503 statistics_pending for
 * its default range or a year-long one (which ranges are still being prepared is the
 * deployment's, D15). Trusts the hints, as the archived-game hints are trusted: a game named
 * wrongly fails the check. Skips without them. The run's answers for those games are judged
 * first (STATISTICS-NOT-READY-CODES asks them); only what they leave open is asked.
 */
export const hintedNotReady = defineCheck({
  id: 'STATISTICS-HINTED-NOT-READY',
  area: 'statistics',
  source: '§4 statistics endpoints, rule 3; §7 error table (statistics_pending, statistics_unavailable)',
  level: 'must',
  title: 'A game named as pending or unavailable answers 503 with its code',
  covers: ['S4.STATS.3-503', 'S7.CODE.statistics_pending', 'S7.CODE.statistics_unavailable'],
  async run(ctx) {
    const { pending, unavailable } = notReadyHints(ctx);
    if (pending === undefined && unavailable === undefined) {
      ctx.skip('no game named by --statistics-pending-game-id or --statistics-unavailable-game-id');
    }
    if (unavailable !== undefined) {
      // The run's answers for the game's endpoints (STATISTICS-NOT-READY-CODES asks them) are
      // judged first; an endpoint without one is asked.
      for (const path of [statisticsPath(unavailable), activityPatternPath(unavailable)]) {
        // A refusal of the query (4xx) says nothing of the game's state: not judged.
        const answered = observedAnswers(ctx, exactly(path), (status) => status === 200 || status === 503);
        const judged = ctx.judgeObserved(answered, (response) => {
          expectErrorEnvelope(response, 503, ['statistics_unavailable']);
          return true;
        });
        if (judged > 0) continue;
        const response = await ctx.client.get(path);
        expectErrorEnvelope(response, 503, ['statistics_unavailable']);
      }
      await judgeOtherSelectors(ctx, unavailable);
    }
    if (pending !== undefined) {
      // A 503 statistics_pending the run already had for the game (STATISTICS-NOT-READY-CODES
      // asks its long range) is the answer looked for; other answers of the run say nothing
      // (which ranges are pending is the deployment's).
      const answered = observedAnswers(ctx, exactly(statisticsPath(pending)), (status) => status === 503);
      const seen = ctx.judgeObserved(
        (response) => answered(response) && errorCodeOf(response) === 'statistics_pending',
        (response) => {
          expectErrorEnvelope(response, 503, ['statistics_pending']);
          return true;
        },
      );
      if (seen > 0) return;
      const names = await statisticsNames(ctx);
      const today = utcDateOf(ctx.discovery.serverNow());
      const asks = [
        [],
        // Daily over a year: under the probed names, else the default resolution over the dates.
        namedStatisticsQuery(names, {
          metric: 'players',
          resolution: 'daily',
          from: addDays(today, -364),
          to: today,
        }),
      ];
      const codes: string[] = [];
      for (const query of asks) {
        const response = await ctx.client.get(statisticsPath(pending), { query });
        if (response.status !== 503) {
          codes.push(String(response.status));
          continue;
        }
        expectErrorEnvelope(response, 503, ['statistics_pending', 'statistics_unavailable']);
        const code = (response.body as { error: { code: string } }).error.code;
        codes.push(code);
        if (code === 'statistics_pending') return;
      }
      ctx.fail({
        message: `Game ${pending}, named as pending, never answers 503 statistics_pending`,
        expected: '503 statistics_pending for its default range or a year-long daily range',
        received: codes.join(', '),
      });
    }
  },
});

/**
 * The unavailable game's statistics are unavailable whatever is asked of them (D15: "for every
 * valid query"), not only its player series under the default resolution: a server that checks
 * the game's state on one series (the default metric, the resolution it computes first) serves
 * the others. Asked under the probed names (a deployment whose names could not be told is not
 * asked): in the minimal pass one metric other than players, the run's seed choosing which; when
 * the budget allows, each other metric and each resolution.
 */
async function judgeOtherSelectors(ctx: CheckContext, gameId: number): Promise<void> {
  const names = await statisticsNames(ctx);
  const others = METRICS.filter((metric) => metric !== 'players');
  const asks: { metric?: string; resolution?: string }[] = [];
  if (names.metricParam !== undefined) {
    const first = others[ctx.seed % others.length]!;
    asks.push({ metric: first });
    if (!ctx.firstCaseOnly()) for (const metric of others) if (metric !== first) asks.push({ metric });
  }
  if (names.resolutionParam !== undefined && !ctx.firstCaseOnly())
    for (const resolution of RESOLUTIONS) asks.push({ resolution });
  if (asks.length === 0) {
    ctx.log('the metric and resolution names could not be told: only the default query was asked');
    return;
  }
  for (const ask of asks) {
    const query = namedStatisticsQuery(names, ask);
    // Raw covers 24 hours at most (§8): yesterday alone.
    if (ask.resolution === 'raw') {
      const yesterday = addDays(utcDateOf(ctx.discovery.serverNow()), -1);
      query.push(['from', yesterday], ['to', yesterday]);
    }
    const response = await ctx.client.get(statisticsPath(gameId), { query });
    expectErrorEnvelope(response, 503, ['statistics_unavailable']);
  }
}

/** The path itself, any query (its characters are letters, digits and slashes). */
function exactly(path: string): RegExp {
  return new RegExp(`^${path}$`);
}
