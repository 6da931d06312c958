import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { errorCodeOf, expectErrorEnvelope, expectThat } from '../../src/core/expect.ts';
import { expectLineFeedAsSpace, isLineFed } from '../harness/line-fed-date.ts';
import { latestLeapDay } from '../../src/core/parameter-edges.ts';
import { impossibleDate } from '../harness/arbitraries/impossible-date.ts';
import { PASTED_WRITINGS, type PastedWriting, pastedDate } from '../harness/unicode-date.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { findReadyGame } from './support/find-ready-game.ts';
import { activityPatternPath, statisticsPath } from './support/statistics-path.ts';

type Endpoint = 'statistics' | 'activity';

/**
 * The pasted dates sent first, in the order the fixes after blind fault set 30 added them: each in
 * `from` but the statistics' line feed (in `to`).
 */
const FIRST_PASTED: ReadonlyArray<readonly [Endpoint, 'from' | 'to', PastedWriting]> = [
  ['statistics', 'from', 'full-width'],
  ['activity', 'from', 'line-feed'],
  ['activity', 'from', 'minus'],
  ['statistics', 'to', 'line-feed'],
  ['statistics', 'from', 'hyphen'],
  ['activity', 'from', 'arabic-indic'],
];

/**
 * Then every writing on each endpoint not asked there yet, as `to`: a validator written per
 * endpoint and per parameter folds one writing and not another, so each writing meets each endpoint.
 */
const PASTED = [
  ...FIRST_PASTED,
  ...(['statistics', 'activity'] as const).flatMap((endpoint) =>
    PASTED_WRITINGS.filter(
      (writing) => !FIRST_PASTED.some(([first, , sent]) => first === endpoint && sent === writing),
    ).map((writing) => [endpoint, 'to', writing] as const),
  ),
];

/**
 * Ranges at the calendar's edges, each with whether its days are real: 29 February 2000 (a
 * century year that is a leap year by the 400-year rule), the latest 29 February and the turn of
 * the last year (a `from` whose month and day come after the `to`'s) are; 29 February 1900 (a
 * century year that is not) is not — the impossible dates of the property above are of 2000–2030,
 * where every fourth year is a leap year. A validator with a leap rule of its own, or comparing
 * dates without their year, gets one of them wrong.
 */
function calendarEdges(today: string): Array<{ query: QueryPairs; real: boolean }> {
  const year = Number(today.slice(0, 4)) - (today.slice(5) >= '01-02' ? 0 : 1);
  const leap = latestLeapDay(today);
  const range = (from: string, to: string, real: boolean) => ({
    query: [
      ['from', from],
      ['to', to],
    ] as QueryPairs,
    real,
  });
  return [
    range('2000-02-29', '2000-03-01', true),
    range(leap, addDays(leap, 1), true),
    range(`${year - 1}-12-30`, `${year}-01-02`, true),
    range('1900-02-28', '1900-02-29', false),
  ];
}

export const invalidDates = defineCheck({
  id: 'STATISTICS-INVALID-DATES',
  area: 'statistics',
  source:
    '§4 statistics endpoints, rules 1–3 (from/to YYYY-MM-DD; "Invalid queries return 422 invalid_statistics_query"); §7 error table',
  level: 'must',
  title:
    "Statistics refuse a non-date or a reversed range with invalid_statistics_query, and take real days at the calendar's edges",
  covers: ['S4.STATS.3-422', 'S7.CODE.invalid_statistics_query', 'S4.STATS.1', 'S4.STATS.2'],
  decisions: ['D26'],
  async run(ctx) {
    const id = await findReadyGame(ctx);
    const today = utcDateOf(ctx.discovery.serverNow());
    const badRange: fc.Arbitrary<QueryPairs> = fc.oneof(
      impossibleDate().map((bad): QueryPairs => [
        ['from', bad],
        ['to', today],
      ]),
      impossibleDate().map((bad): QueryPairs => [
        ['from', addDays(today, -5)],
        ['to', bad],
      ]),
      fc.integer({ min: 1, max: 60 }).map((gap): QueryPairs => [
        ['from', today],
        ['to', addDays(today, -gap)],
      ]),
    );
    const februaryYear = Number(today.slice(0, 4)) - (today.slice(5) >= '03-02' ? 0 : 1);
    const impossibleFebruary: QueryPairs = [
      ['from', `${februaryYear}-02-30`],
      ['to', `${februaryYear}-03-02`],
    ];
    const oneDayReversed: QueryPairs = [
      ['from', today],
      ['to', addDays(today, -1)],
    ];
    await ctx.property(
      [fc.constantFrom(statisticsPath(id), activityPatternPath(id)), badRange],
      async (path, query) => {
        const response = await ctx.client.get(path, { query });
        if (!isLineFed(query)) expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
        else await expectLineFeedAsSpace(ctx.client, path, query, response, 'invalid_statistics_query');
        // The first case's range one day reversed on the other endpoint too, from spare budget: a
        // date-order check written for one endpoint and not the other (both take "the same dates").
        if (JSON.stringify(query) === JSON.stringify(oneDayReversed) && ctx.spareBudget() > 0) {
          const other = await ctx.client.get(activityPatternPath(id), { query });
          expectErrorEnvelope(other, 422, ['invalid_statistics_query']);
          // And a date of the right shape that names no day (30 February), from spare budget: a
          // server that leaves it to its store's date cast answers 500 (blind fault
          // `blind38-stats-impossible-date-500`, which only the generated cases met).
          if (ctx.spareBudget() > 0) {
            const impossible = await ctx.client.get(statisticsPath(id), { query: impossibleFebruary });
            expectErrorEnvelope(impossible, 422, ['invalid_statistics_query']);
          }
        }
      },
      // First a range one day reversed: a server that never compares the two dates answers 200
      // (on the statistics, then from spare budget on the activity pattern).
      // Then a date with text after it: a date pattern without its end anchor takes it. Then dates
      // as pasted text writes them (PASTED) — other scripts' digits (`\d` and `int()` over every
      // script's digits take them), a final line feed (a pattern's `$` takes it), Unicode dashes (a
      // clean-up folding dashes takes them).
      {
        examples: [
          [statisticsPath(id), oneDayReversed],
          [
            statisticsPath(id),
            [
              ['from', `${addDays(today, -5)}x`],
              ['to', today],
            ],
          ],
          ...PASTED.map(([endpoint, place, writing]): [string, QueryPairs] => [
            endpoint === 'statistics' ? statisticsPath(id) : activityPatternPath(id),
            place === 'from'
              ? [
                  ['from', pastedDate(addDays(today, -5), writing)],
                  ['to', today],
                ]
              : [
                  ['from', addDays(today, -5)],
                  ['to', pastedDate(today, writing)],
                ],
          ]),
        ],
      },
    );
    // The sweep (never in the minimal pass): real days at the calendar's edges are dates like any
    // other — a 200, or a 503 (D15) for a range the deployment has not prepared (a 404: the game
    // is gone since), never a refusal or an error; 29 February 1900 is refused like any non-date.
    const edges = calendarEdges(today).flatMap((edge) => [
      { ...edge, path: statisticsPath(id) },
      { ...edge, path: activityPatternPath(id) },
    ]);
    await ctx.sweep(edges, async ({ path, query, real }) => {
      const response = await ctx.client.get(path, { query });
      if (!real) return expectErrorEnvelope(response, 422, ['invalid_statistics_query']);
      const range = query.map(([name, value]) => `${name}=${String(value)}`).join('&');
      expectThat(
        response,
        [200, 404, 503].includes(response.status),
        `GET ${path}?${range} does not answer real calendar days`,
        'HTTP 200 (or 503 while the range is prepared): both are dates and from is not after to',
        `HTTP ${response.status} ${errorCodeOf(response) ?? ''}`.trim(),
      );
    });
  },
});
