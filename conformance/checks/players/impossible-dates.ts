import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { expectErrorEnvelope, expectStatus, expectThat } from '../../src/core/expect.ts';
import { playersGameId } from '../harness/arbitraries/players-game-id.ts';
import { addDays, utcDateOf } from '../../src/core/dates.ts';
import { expectLineFeedAsSpace, isLineFed } from '../harness/line-fed-date.ts';
import { pastedDate, unicodeDate } from '../harness/unicode-date.ts';
import { type HistoryDate, historyDate, historyDateOf } from './arbitraries/history-date.ts';

/** `YYYY-02-30` of the latest February that lies before `today` (YYYY-MM-DD). */
function latestFebruary30(today: string): string {
  const year = Number(today.slice(0, 4));
  return `${today.slice(5) >= '03-02' ? year : year - 1}-02-30`;
}

/** The latest 29 February at least ten days before `today`. */
function latestLeapDay(today: string): string {
  let year = Number(today.slice(0, 4));
  for (;;) {
    const leapDay = `${year}-02-29`;
    if (new Date(`${leapDay}T00:00:00Z`).getUTCDate() === 29 && addDays(leapDay, 10) <= today) return leapDay;
    year -= 1;
  }
}

type Where = 'from' | 'to' | 'both';

/**
 * `from` and `to` are dates YYYY-MM-DD (§4), real calendar dates (D26 strict): a generated
 * value sits in one place, its partner ten days away; a valid value (leap days included) is
 * answered 200, an invalid one 422 invalid_date_range, an open one (D26, D54) either. A date
 * written with Unicode dashes or another script's digits is no `YYYY-MM-DD` (invalid); one followed
 * by a line feed is refused, or taken as it is followed by a space (D26).
 */
export const impossibleDates = defineCheck({
  id: 'PLAYERS-IMPOSSIBLE-DATES',
  area: 'players',
  source:
    '§4 players parameters, from/to ("date YYYY-MM-DD"); rules ("an invalid … date … returns 422 invalid_date_range")',
  level: 'must',
  title: 'from and to are accepted exactly when they are calendar dates YYYY-MM-DD',
  covers: ['S4.PLAYERS.422', 'S7.CODE.invalid_date_range'],
  decisions: ['D26', 'D54'],
  async run(ctx) {
    const today = utcDateOf(ctx.discovery.serverNow());
    const gameId = ctx.discovery.gameWithPlayersId ?? ctx.discovery.games[0]?.id ?? 1;
    await ctx.property(
      [playersGameId(ctx), historyDate(today), fc.constantFrom<Where>('from', 'to', 'both')],
      async (id, value: HistoryDate, where) => {
        // A valid value is paired so that the range is valid too; `both` only for invalid ones.
        const placed = value.verdict === 'valid' && where === 'both' ? 'from' : where;
        const partner =
          value.date === undefined
            ? today
            : placed === 'from'
              ? addDays(value.date, 10)
              : addDays(value.date, -10);
        const query: QueryPairs = [
          ['from', placed === 'to' ? (value.date === undefined ? addDays(today, -10) : partner) : value.text],
          ['to', placed === 'from' ? partner : value.text],
        ];
        const path = `/games/${id}/players`;
        const response = await ctx.client.get(path, { query });
        if (value.verdict === 'invalid' && isLineFed(query))
          return expectLineFeedAsSpace(ctx.client, path, query, response, 'invalid_date_range');
        if (value.verdict === 'invalid') return expectErrorEnvelope(response, 422, ['invalid_date_range']);
        // A `to` after today is open (D26): only a range wholly in the past must be 200.
        if (value.verdict === 'valid' && partner <= today) {
          expectStatus(response, 200, `from/to ${value.text} (a calendar date)`);
        } else if (response.status !== 200) {
          return expectErrorEnvelope(response, 422, ['invalid_date_range']);
        }
        // A calendar date accepted is read as written: meta names the range asked.
        if (value.date === undefined) return;
        const meta = (response.body as { meta?: { from?: unknown; to?: unknown } } | undefined)?.meta;
        const [asked, named] = [query.map(([, v]) => v).join('..'), `${meta?.from}..${meta?.to}`];
        expectThat(
          response,
          named === asked,
          `from/to ${value.text} (a calendar date) is read as another date`,
          `meta.from..meta.to ${asked}`,
          `meta.from..meta.to ${named}`,
        );
      },
      {
        // February 30th of the latest past February: a lenient parser rolls it over to
        // March 2nd, inside the allowed span, and would answer 200. Then a real leap day,
        // which a parser with a wrong leap-year rule refuses; then the century rules: 1900 is no
        // leap year (divisible by 100, not 400; sent as both ends, so no span rule refuses it
        // instead), 2000 is one; then the calendar's first day.
        examples: [
          [gameId, historyDateOf(latestFebruary30(today)), 'from'],
          [gameId, historyDateOf(latestLeapDay(today)), 'from'],
          [gameId, historyDateOf('1900-02-29'), 'both'],
          [gameId, historyDateOf('2000-02-29'), 'from'],
          // The calendar's first day: a year below 100 that `Date.UTC` reads as 19xx.
          [gameId, historyDateOf('0001-01-01'), 'from'],
          // A date ten days back as pasted text writes it: Unicode hyphens (a clean-up folding
          // dashes into `-` takes it), full-width digits (`\d` and `int()` over every script's
          // digits take them), en dashes, Arabic-Indic digits.
          ...(['hyphen', 'full-width', 'en-dash', 'arabic-indic'] as const).map((writing) => [
            gameId,
            { text: unicodeDate(addDays(today, -10), writing), verdict: 'invalid' } satisfies HistoryDate,
            'from',
          ]),
          // Then as `to`: minus signs, and yesterday followed by a line feed (a pattern's `$`
          // matches before a final line feed; trimming is open, D26: taken, it must be taken
          // followed by a space too).
          ...(['minus', 'line-feed'] as const)
            .map((writing) => pastedDate(addDays(today, -1), writing))
            .map((text) => [gameId, { text, verdict: 'invalid' } satisfies HistoryDate, 'to']),
        ],
      },
    );
  },
});
