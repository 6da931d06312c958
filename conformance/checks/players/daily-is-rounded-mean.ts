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
 * The first case: three days where a daily series goes wrong most often. Of the listed games
 * last reached more than a day ago (within 30 days), the first in order of the players they
 * report now (those reporting none last): the day before its last reach, that day, and the day
 * after, which has no sample (a series that fills such a day with 0 shows); else the quietest
 * listed game reporting players, over the three days before today (a quiet game's days mix
 * crawls of 0 players with others, where a mean that skips the zeros shows).
 */
function firstCase(ctx: CheckContext, today: string): [number, DateRange] | undefined {
  const now = ctx.discovery.serverNow();
  const players = (game: GameSummary) => game.status.latest_players ?? Number.POSITIVE_INFINITY;
  const crawled = ctx.discovery.games
    .filter((game) => game.status.web_only === false)
    .sort((a, b) => players(a) - players(b));
  const yesterday = utcMidnightMs(addDays(today, -1));
  const lastReach = (game: GameSummary) => Date.parse(game.status.last_successful_connect ?? '');
  const lapsed = crawled.find((game) => lastReach(game) < yesterday && lastReach(game) >= now - 30 * DAY_MS);
  if (lapsed !== undefined) {
    const lastDay = utcDateOf(lastReach(lapsed));
    return [lapsed.id, { from: addDays(lastDay, -1), to: addDays(lastDay, 1), days: 3 }];
  }
  const quietest = crawled.find((game) => players(game) > 0 && players(game) < Number.POSITIVE_INFINITY);
  return quietest === undefined
    ? undefined
    : [quietest.id, { from: addDays(today, -3), to: addDays(today, -1), days: 3 }];
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
        const perDay = new Map<string, number[]>();
        for (const sample of raw.body.data) {
          const day = sample.recorded_at.slice(0, 10);
          perDay.set(day, [...(perDay.get(day) ?? []), sample.players]);
        }
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
  },
});
