import { defineCheck } from '../../src/core/check.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { expectErrorEnvelope, expectStatus, expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { serverToday } from './support/server-today.ts';

/** §4/§8 maximum spans, counted inclusively (D25: 365 days is to − from = 364). */
const MAX_SPAN_DAYS = { daily: 365, raw: 90 } as const;

/** The granularity a case names, or `default`: none sent, daily by §4's default. */
type Granularity = 'default' | 'raw' | 'daily';

/**
 * The maximum span holds against the defaulted `to` (today, UTC) as it does against a given
 * one: `from` alone at today − (max − 1) is accepted and answers `to` = today, at today − max
 * it is refused. PLAYERS-DAILY-MAX-SPAN and PLAYERS-RAW-MAX-SPAN always send both dates; a
 * server that measures the span before applying the default misses this edge. The first case
 * leaves `granularity` to its default too (daily, §4): a server that checks a request without
 * it against the raw maximum refuses its 365 days (blind fault
 * `blind2-players-daily-limit-without-granularity`, which a minimal pass asking
 * `granularity=daily` let pass); then raw, then daily named.
 */
export const maxSpanDefaultTo = defineCheck({
  id: 'PLAYERS-MAX-SPAN-DEFAULT-TO',
  area: 'players',
  source:
    '§4 players parameters (to defaults to the current UTC date) and rules ("a daily range spans at most 365 days; a raw range … 90 days"); §8 limits',
  level: 'must',
  title: 'The maximum span is measured against the defaulted to',
  covers: ['S4.PLAYERS.MAX', 'S4.PLAYERS.TO', 'S8.DAILY365', 'S8.RAW90', 'S7.CODE.invalid_date_range'],
  decisions: ['D25'],
  async run(ctx) {
    const id = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id;
    if (id === undefined) ctx.skip('discovery found no game in GET /games');
    const path = `/games/${id}/players`;
    /** Sends `from` = today − back; again once if the server's day turned meanwhile. */
    const sendBack = async (
      granularity: Granularity,
      back: number,
    ): Promise<{ response: ApiResponse; today: string }> => {
      let today = utcDateOf(ctx.discovery.serverNow());
      for (let attempt = 0; ; attempt += 1) {
        const response = await ctx.client.get(path, {
          query: [
            ...(granularity === 'default' ? [] : [['granularity', granularity] as [string, string]]),
            ['from', addDays(today, -back)],
          ],
        });
        const days = serverToday(ctx, response);
        if (days.length === 1 && days[0] === today) return { response, today };
        if (attempt === 1) return { response, today };
        today = days[days.length - 1] ?? today;
      }
    };
    await ctx.sweep(['default', 'raw', 'daily'] as const, async (granularity) => {
      const max = MAX_SPAN_DAYS[granularity === 'default' ? 'daily' : granularity];
      const named = granularity === 'default' ? '' : `granularity=${granularity}&`;
      const longest = await sendBack(granularity, max - 1);
      expectStatus(
        longest.response,
        200,
        `GET ${path}?${named}from=today−${max - 1} (to defaulted: ${max} days${named === '' ? ', granularity defaulted' : ''})`,
      );
      const meta = (longest.response.body as { meta?: { from?: unknown; to?: unknown } }).meta;
      expectThat(
        longest.response,
        meta?.to === longest.today && meta.from === addDays(longest.today, -(max - 1)),
        'The defaulted range is not from … today',
        `meta.from ${addDays(longest.today, -(max - 1))}, meta.to ${longest.today}`,
        `meta.from ${String(meta?.from)}, meta.to ${String(meta?.to)}`,
      );
      const tooLong = await sendBack(granularity, max);
      expectErrorEnvelope(tooLong.response, 422, ['invalid_date_range']);
    });
  },
});
