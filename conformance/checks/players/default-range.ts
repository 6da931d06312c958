import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { fetchPlayers } from '../harness/fetch-players.ts';
import { serverToday } from './support/server-today.ts';

/** Which parameters a request leaves to their defaults. */
type Omission =
  | { kind: 'none-given' }
  | { kind: 'raw-only' }
  | { kind: 'to-only'; to: string }
  | { kind: 'from-only'; from: string };

export const defaultRange = defineCheck({
  id: 'PLAYERS-DEFAULT-RANGE',
  area: 'players',
  source: '§4 players parameters (defaults); §8 limits, default player-history range',
  level: 'must',
  title: 'Omitted parameters default to daily, to = today (UTC), from = to − 29 days',
  covers: ['S4.PLAYERS.GRANULARITY', 'S4.PLAYERS.FROM', 'S4.PLAYERS.TO', 'S8.DEFAULT30'],
  comparesAnswers: true,
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const omission: fc.Arbitrary<Omission> = fc.oneof(
      fc.constant({ kind: 'none-given' as const }),
      fc.constant({ kind: 'raw-only' as const }),
      fc.integer({ min: 0, max: 400 }).map((ago) => ({ kind: 'to-only' as const, to: addDays(today, -ago) })),
      // from within the last 300 days keeps the defaulted range under the daily maximum.
      fc
        .integer({ min: 0, max: 300 })
        .map((ago) => ({ kind: 'from-only' as const, from: addDays(today, -ago) })),
    );
    // First the raw granularity alone: its defaulted range (30 days, as for daily) is the one a
    // server is likeliest to shorten, raw samples being many.
    const first = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    const archived = ctx.discovery.archivedGameId;
    await ctx.property(
      [playersGameId(ctx), omission],
      async (id, omitted) => {
        const query: QueryPairs =
          omitted.kind === 'raw-only'
            ? [['granularity', 'raw']]
            : omitted.kind === 'to-only'
              ? [['to', omitted.to]]
              : omitted.kind === 'from-only'
                ? [['from', omitted.from]]
                : [];
        const { response, body } = await fetchPlayers(ctx, id, query);
        const todays = serverToday(ctx, response);
        const to = omitted.kind === 'to-only' ? [omitted.to] : todays;
        const from = omitted.kind === 'from-only' ? [omitted.from] : to.map((day) => addDays(day, -29));
        const granularity = omitted.kind === 'raw-only' ? 'raw' : 'daily';
        // Two candidates only when the request straddled UTC midnight; from and to must then agree.
        const pairs = to.map((day, index) => ({ to: day, from: from[index] ?? from[0] }));
        const matched = pairs.some((pair) => pair.to === body.meta.to && pair.from === body.meta.from);
        expectThat(
          response,
          matched && body.meta.granularity === granularity,
          `Defaults not applied (${omitted.kind})`,
          `granularity ${granularity}, ${pairs.map((p) => `from ${p.from}, to ${p.to}`).join(' or ')}`,
          `granularity ${body.meta.granularity}, from ${body.meta.from}, to ${body.meta.to}`,
        );
      },
      {
        examples: [
          ...(first === undefined ? [] : [[first, { kind: 'raw-only' as const }] as [number, Omission]]),
          // An archived game (§4: "available for archived … games"): its defaulted `to` is today
          // too, not the day it was last crawled.
          ...(archived === undefined
            ? []
            : [[archived, { kind: 'none-given' as const }] as [number, Omission]]),
        ],
      },
    );
  },
});
