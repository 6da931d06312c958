import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { invalidFilterValue, type BadValue } from './arbitraries/invalid-filter-value.ts';
import type { Discovery } from '../../src/core/discovery.ts';
import { expectInvalidFilter } from './support/expect-invalid-filter.ts';
import { toQueryPairs } from './support/games-filter.ts';

/** Two ids of the first tag category with two values, written as one comma-separated value. */
function idList(discovery: Discovery): BadValue[] {
  for (const { param, group } of discovery.tagFilters) {
    const [a, b] = group.values;
    if (a !== undefined && b !== undefined) return [{ param: `${param}[]`, value: `${a.id},${b.id}` }];
  }
  return [];
}

/** The same parameter under either tag spelling. */
const bare = (name: string): string => name.replace(/\[\]$/, '');

/**
 * A flag other than 1, an unknown connection type or a tag id that is not an integer
 * ≥ 1 is 422 `invalid_filter`, whatever the other (valid) parameters.
 */
export const invalidFilterValues = defineCheck({
  id: 'GAMES-INVALID-FILTER-VALUES',
  area: 'games',
  source:
    '§4 GET /games, rule 3 ("other invalid filter values also yield 422 invalid_filter"); parameter table (only value 1; all/web_only/mud_client; integer >= 1)',
  level: 'must',
  title: 'Invalid filter values are invalid_filter',
  covers: ['S4.GAMES.RULE3-INVALID', 'S7.CODE.invalid_filter', 'S4.GAMES.ERRORS'],
  decisions: ['D47', 'D69'],
  async run(ctx) {
    await ctx.property(
      [filterQuery(ctx.discovery), invalidFilterValue()],
      async (filter, bad) => {
        // The bad value replaces any valid value of the same parameter (a repeat is another question, D18/D52).
        const query = toQueryPairs(filter).filter(([name]) => bare(name) !== bare(bad.param));
        expectInvalidFilter(
          ctx,
          await ctx.client.get('/games', { query: [...query, [bad.param, bad.value]] }),
        );
      },
      {
        // Every flag with 0, another positive integer and a boolean word (a lenient parser's
        // `true`), an unknown connection type, tag id 0. First (the one case a 200-request run
        // judges) the boolean word: `has_reviews=0` first caught no blind fault there, where
        // `online_recently=true` catches a lenient flag parser (blind set 5).
        // Then one value of each other kind before a second of any (a short run judges a kind
        // more, not a parameter twice): a comma list, another integer for a flag, an unknown
        // connection type, tag id 0, then the flags' other values.
        examples: [
          [{}, { param: 'online_recently', value: 'true' }],
          // Two ids of one category in one value, comma-separated: a list spelling a server's
          // array parser may take (D69); ids the directory has, so a split list finds games.
          ...idList(ctx.discovery).map((bad) => [{}, bad]),
          [{}, { param: 'has_reviews', value: '2' }],
          // A name another version of the API (or a client's guess) might use for a type.
          [{}, { param: 'connection_type', value: 'telnet' }],
          [{}, { param: 'codebase_tag_id[]', value: '0' }],
          ...['has_reviews', 'recently_updated', 'online_recently']
            .flatMap((param) => ['0', '2', 'true'].map((value) => ({ param, value })))
            .filter(({ param, value }) => !(param === 'online_recently' && value === 'true'))
            .filter(({ param, value }) => !(param === 'has_reviews' && value === '2'))
            .map((bad) => [{}, bad]),
        ],
      },
    );
  },
});
