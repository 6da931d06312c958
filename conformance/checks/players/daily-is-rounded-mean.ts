import { defineCheck } from '../../src/core/check.ts';
import { expectThat } from '../../src/core/expect.ts';
import { dateRange, type DateRange } from '../harness/arbitraries/date-range.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { fetchPlayers } from './support/fetch-players.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';

/** D24 tolerant: any rounding of the mean (half up, half even, …) is within half a player. */
const ROUNDING_SLACK = 0.5;

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
    // First the listed game reporting the fewest players now, over the three days before today: a
    // quiet game's days mix crawls of 0 players with others, where a mean that skips the zeros (or
    // counts only the non-empty crawls) shows.
    const quietest = ctx.discovery.games
      .filter((game) => game.status?.web_only === false && (game.status?.latest_players ?? 0) > 0)
      .sort((a, b) => (a.status?.latest_players ?? 0) - (b.status?.latest_players ?? 0))[0];
    const lastThreeDays = { from: addDays(today, -3), to: addDays(today, -1), days: 3 };
    const examples: Array<[number, DateRange]> = quietest === undefined ? [] : [[quietest.id, lastThreeDays]];
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
