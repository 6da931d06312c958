import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { dateRange, type DateRange } from '../harness/arbitraries/date-range.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { addDays, utcDateOf, utcMidnightMs } from '../../src/core/dates.ts';
import type { GameSummary } from '../../src/core/discovery.ts';

/** D24 tolerant: any rounding of the mean (half up, half even, …) is within half a player. */
const ROUNDING_SLACK = 0.5;

const DAY_MS = 86_400_000;

/**
 * The first case's days at most (a raw range may span 90): on one day in ten of a game of about one
 * player, a mean that skips the zeros rounds apart from the mean (measured on the reference's
 * directory: 0.996 of a near-silent game's days, 0.106 of a one-player game's, 0.022 of a
 * two-player game's), so 45 such days hold one with a chance of 99 %.
 */
const FIRST_CASE_DAYS = 45;

/**
 * The first case: the days where a daily series goes wrong most often, weeks of a quiet
 * game's days next to a day without samples. Of the listed games with such a day near, the first
 * in order of the players they report now (those reporting none last): a game last reached more
 * than a day ago (within 30 days), over the six weeks up to its last reach and the day after; or a
 * game listed 16 to 80 days ago, from the day before its listing. A series that fills the day
 * without samples with 0 shows there. A quiet game's days mix crawls of 0 players with others,
 * where a mean that skips the zeros shows, but on most days of a game of about one player the two
 * means round alike (measured on such a game: day means of 0.9–1.1, 1 without the zeros): a
 * three-day window let such a mean pass at 5 of 24 hours of the day; six weeks of such days
 * (FIRST_CASE_DAYS) almost always hold one where they do not. With
 * no such game: the quietest listed game reporting players, over the six weeks before today.
 */
function firstCase(ctx: CheckContext, today: string): [number, DateRange] | undefined {
  const now = ctx.discovery.serverNow();
  const players = (game: GameSummary) => game.status.latest_players ?? Number.POSITIVE_INFINITY;
  const crawled = ctx.discovery.games
    .filter((game) => game.status.web_only === false)
    .sort((a, b) => players(a) - players(b));
  const yesterday = utcMidnightMs(addDays(today, -1));
  const lastReach = (game: GameSummary) => Date.parse(game.status.last_successful_connect ?? '');
  const listed = (game: GameSummary) => Date.parse(game.dates.listed ?? '');
  const lapsed = (game: GameSummary) => lastReach(game) < yesterday && lastReach(game) >= now - 30 * DAY_MS;
  const recent = (game: GameSummary) =>
    listed(game) <= now - 16 * DAY_MS && listed(game) >= now - 80 * DAY_MS;
  const near = crawled.find(
    (game) => players(game) < Number.POSITIVE_INFINITY && (lapsed(game) || recent(game)),
  );
  if (near !== undefined && lapsed(near)) {
    const lastDay = utcDateOf(lastReach(near));
    return [
      near.id,
      { from: addDays(lastDay, -(FIRST_CASE_DAYS - 2)), to: addDays(lastDay, 1), days: FIRST_CASE_DAYS },
    ];
  }
  if (near !== undefined) {
    const from = addDays(utcDateOf(listed(near)), -1);
    const to = [addDays(from, FIRST_CASE_DAYS - 1), addDays(today, -1)].sort()[0] ?? from;
    return [near.id, { from, to, days: (Date.parse(to) - Date.parse(from)) / DAY_MS + 1 }];
  }
  const quietest = crawled.find((game) => players(game) > 0 && players(game) < Number.POSITIVE_INFINITY);
  return quietest === undefined
    ? undefined
    : [
        quietest.id,
        { from: addDays(today, -FIRST_CASE_DAYS), to: addDays(today, -1), days: FIRST_CASE_DAYS },
      ];
}

/** The players of each UTC day's raw samples, in the order they were taken. */
function samplesByDay(
  samples: ReadonlyArray<{ recorded_at: string; players: number }>,
): Map<string, number[]> {
  const perDay = new Map<string, number[]>();
  for (const sample of [...samples].sort((a, b) => a.recorded_at.localeCompare(b.recorded_at))) {
    const day = sample.recorded_at.slice(0, 10);
    perDay.set(day, [...(perDay.get(day) ?? []), sample.players]);
  }
  return perDay;
}

export const dailyIsRoundedMean = defineCheck({
  id: 'PLAYERS-DAILY-IS-ROUNDED-MEAN',
  area: 'players',
  source:
    '§4 players parameters, granularity ("daily = rounded daily average"; "raw = individual crawler samples")',
  level: 'must',
  title: "A daily value is the rounded mean of that UTC day's raw samples",
  covers: ['S4.PLAYERS.GRANULARITY'],
  comparesAnswers: true,
  decisions: ['D24'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    // Days before today only: a crawl between the two requests would move today's mean.
    const days = dateRange({ today, maxDays: 3, minDaysAgo: 1, maxDaysAgo: 60 });
    const examples: Array<[number, DateRange]> = [firstCase(ctx, today)].filter(
      (example): example is [number, DateRange] => example !== undefined,
    );
    await ctx.property(
      [playersGameId(ctx), days],
      async (id, { from, to }) => {
        const range: Array<[string, string]> = [
          ['from', from],
          ['to', to],
        ];
        const raw = await fetchPlayers(ctx, id, [['granularity', 'raw'], ...range]);
        const daily = await fetchPlayers(ctx, id, [['granularity', 'daily'], ...range]);
        const perDay = samplesByDay(raw.body.data);
        for (const sample of daily.body.data) {
          const day = sample.recorded_at.slice(0, 10);
          const values = perDay.get(day);
          expectThat(
            daily.response,
            values !== undefined,
            `A daily sample on ${day} has no raw samples behind it`,
            `no daily sample for ${day} (raw history has none that day)`,
            `players ${sample.players} at ${sample.recorded_at}`,
          );
          const mean = (values ?? []).reduce((sum, value) => sum + value, 0) / (values ?? [1]).length;
          expectThat(
            daily.response,
            Math.abs(sample.players - mean) <= ROUNDING_SLACK,
            `The daily value of ${day} is not the rounded mean of its ${values?.length} raw samples`,
            `players within ${ROUNDING_SLACK} of ${mean.toFixed(3)} (mean of ${JSON.stringify(values)})`,
            `players ${sample.players}`,
          );
          perDay.delete(day);
        }
        const missing = [...perDay.keys()];
        expectThat(
          daily.response,
          missing.length === 0,
          'A day with raw samples has no daily value',
          `a daily sample for ${missing.join(', ')}`,
          'none',
        );
      },
      { examples },
    );
    // Today too (`to` is inclusive): a day with raw samples has a daily value, today's partial
    // day included, and today's is the rounded mean of its samples so far. A crawl between the
    // requests adds a sample, and a server may answer from a roll-up a few minutes old, so today's
    // value is judged against the mean of today's first k samples for any k (raw is read before and
    // after the daily answer; a sample never vanishes): a day's sum divided by a full day's sample
    // count, or a day stopped at yesterday's roll-up, matches none. The busiest game reached today
    // first, where such a slip is largest. A second property: the minimal pass judges the first
    // one's case only.
    const busiestToday = ctx.discovery.games
      .filter((game) => (game.status.last_successful_connect ?? '').slice(0, 10) === today)
      .sort((a, b) => (b.status.latest_players ?? 0) - (a.status.latest_players ?? 0))[0];
    await ctx.property(
      [playersGameId(ctx), fc.integer({ min: 0, max: 2 })],
      async (id, back) => {
        const range: Array<[string, string]> = [
          ['from', addDays(today, -back)],
          ['to', today],
        ];
        const before = await fetchPlayers(ctx, id, [['granularity', 'raw'], ...range]);
        const daily = await fetchPlayers(ctx, id, [['granularity', 'daily'], ...range]);
        const after = await fetchPlayers(ctx, id, [['granularity', 'raw'], ...range]);
        const dailyDays = new Map(daily.body.data.map((sample) => [sample.recorded_at.slice(0, 10), sample]));
        const missing = [
          ...new Set(before.body.data.map((sample) => sample.recorded_at.slice(0, 10))),
        ].filter((day) => !dailyDays.has(day));
        expectThat(
          daily.response,
          missing.length === 0,
          `A day with raw samples has no daily value (${missing.join(', ')}; today is ${today}, and \`to\` is inclusive)`,
          `a daily sample for ${missing.join(', ')}`,
          'none',
        );
        const perDay = samplesByDay(after.body.data);
        for (const [day, sample] of dailyDays) {
          const values = perDay.get(day) ?? [];
          if (values.length === 0) continue;
          // Past days: the mean of all their samples; today: of its first k, for some k.
          const means: number[] = [];
          let sum = 0;
          values.forEach((value, index) => {
            sum += value;
            if (day === today || index === values.length - 1) means.push(sum / (index + 1));
          });
          const close = means.some((mean) => Math.abs(sample.players - mean) <= ROUNDING_SLACK);
          expectThat(
            daily.response,
            close,
            day === today
              ? `Today's daily value (${day}) is the rounded mean of none of its samples so far`
              : `The daily value of ${day} is not the rounded mean of its ${values.length} raw samples`,
            day === today
              ? `players within ${ROUNDING_SLACK} of the mean of today's first k samples, for some k ≤ ${values.length} (means ${means[0]?.toFixed(2)} … ${means.at(-1)?.toFixed(2)}; samples ${JSON.stringify(values)})`
              : `players within ${ROUNDING_SLACK} of ${means[0]?.toFixed(3)} (mean of ${JSON.stringify(values)})`,
            `players ${sample.players}`,
          );
        }
      },
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 10)),
        examples: busiestToday === undefined ? [] : [[busiestToday.id, 1]],
      },
    );
  },
});
