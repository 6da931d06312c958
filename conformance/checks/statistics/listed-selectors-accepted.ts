import { defineCheck } from '../../src/core/check.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { errorCodeOf, failWith } from '../../src/core/expect.ts';
import { isReadyAnswer } from './support/fetch-statistics.ts';
import { findReadyGame } from './support/find-ready-game.ts';
import { namedStatisticsQuery, requireNames } from './support/probe-names.ts';
import { statisticsPath } from './support/statistics-path.ts';
import { METRICS, RESOLUTIONS } from './support/statistics-vocabulary.ts';

/** One listed value and the valid query that carries it. */
interface Listed {
  which: 'metric' | 'resolution';
  value: string;
  request: { metric?: string; resolution?: string; from?: string; to?: string };
}

/**
 * §4 statistics rule 1 lists the metrics (`players` … `skills`) and the resolutions (`raw`
 * … `monthly`): each is a valid selector, answered 200 (or 503 not ready, D15) — never refused.
 * Every listed value once, in the order of the description's lists, under the probed parameter
 * names: each metric alone (the default range and resolution), then each resolution of
 * `players` (raw over yesterday, within its 24 hours). A list with one member forgotten, misspelled
 * or mapped to another member's validator fails; STATISTICS-INVALID-SELECTOR is the other side
 * (values outside the lists refused). A sweep: the minimal pass asks the first metric only.
 */
export const listedSelectorsAccepted = defineCheck({
  id: 'STATISTICS-LISTED-SELECTORS-ACCEPTED',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rule 1 ("Resolutions: raw …, hourly, daily, weekly, monthly"; "Metrics: players, areas, …")',
  level: 'must',
  title: 'Every metric and resolution the description lists is accepted',
  covers: ['S4.STATS.1'],
  decisions: ['D15'],
  async run(ctx) {
    const names = await requireNames(ctx, ['metricParam', 'resolutionParam']);
    const id = names.readyGameId ?? (await findReadyGame(ctx));
    const yesterday = addDays(utcDateOf(ctx.discovery.serverNow()), -1);
    const listed: Listed[] = [
      ...METRICS.map((metric): Listed => ({ which: 'metric', value: metric, request: { metric } })),
      ...RESOLUTIONS.map((resolution): Listed => ({
        which: 'resolution',
        value: resolution,
        request: {
          metric: 'players',
          resolution,
          ...(resolution === 'raw' ? { from: yesterday, to: yesterday } : {}),
        },
      })),
    ];
    await ctx.sweep(listed, async ({ which, value, request }) => {
      const query = namedStatisticsQuery(names, request);
      const response = await ctx.client.get(statisticsPath(id), { query });
      if (response.status === 422) {
        failWith(
          response,
          `The listed ${which} "${value}" is refused`,
          `200 (or 503 not ready): §4 lists "${value}" among the ${which === 'metric' ? 'metrics' : 'resolutions'}`,
          `HTTP 422 ${errorCodeOf(response) ?? ''}`.trim(),
        );
      }
      isReadyAnswer(response);
    });
  },
});
