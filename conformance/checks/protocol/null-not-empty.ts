import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { emptyStringsAt, nullableStringFieldNames } from './support/nullable-strings.ts';

/** Resources rich in nullable strings (affiliations, links, hosts, reasons), when the run has none yet. */
const OWN_TARGETS = ['/reviews', '/games', '/reviews?page=2', '/games?sort=newest'];

/**
 * §1 rule 4: "A field is null when no value exists for it." Where the description (and so the
 * spec) types a field "string or null", a missing value is null — an empty string is a value
 * of nothing, what a NOT NULL column with a '' default or a form's empty input leaves behind.
 * Judged on every 200 the run receives (discovery's games and reviews first, then the traffic),
 * and on a few collection pages of its own when the run has none.
 */
export const nullNotEmpty = defineCheck({
  id: 'PROTOCOL-NULL-NOT-EMPTY',
  area: 'protocol',
  source: '§1 rule 4 ("A field is null when no value exists for it"); §2 tables ("string or null")',
  level: 'must',
  title: 'A "string or null" field with no value is null, never the empty string',
  covers: ['S1.4-NULL'],
  async run(ctx) {
    const names = nullableStringFieldNames(ctx.spec);
    if (names.size === 0) return ctx.skip('the spec has no field typed string or null');
    for (const [what, items] of [
      ['games', ctx.discovery.games],
      ['reviews', ctx.discovery.reviews],
    ] as const) {
      const at = emptyStringsAt(items, names)[0];
      if (at !== undefined) {
        ctx.fail({
          message: `a discovered ${what.slice(0, -1)} has "" where no value is null (${at})`,
          expected: 'null where no value exists (§1 rule 4)',
          received: `"" at ${at}`,
        });
      }
    }
    const judge = (response: ApiResponse): boolean => {
      if (!response.isJson) return false;
      const at = emptyStringsAt(response.body, names);
      if (at.length > 0) {
        failWith(
          response,
          `"" where no value exists, in a field typed string or null (${at[0]})`,
          'null where no value exists (§1 rule 4)',
          `"" at ${at.slice(0, 3).join(', ')}${at.length > 3 ? ` and ${at.length - 3} more` : ''}`,
        );
      }
      return true;
    };
    ctx.judgeObserved(observedGets(ctx, /^\/(games|reviews|tags)(\/|$|\?)/), judge);
    await ctx.sweep(OWN_TARGETS, async (target) => {
      const [path, query] = target.split('?') as [string, string | undefined];
      const pairs =
        query === undefined
          ? []
          : [...new URLSearchParams(query)].map(([n, v]) => [n, v] as [string, string]);
      const response = await ctx.client.get(path, { query: pairs });
      if (response.status === 200) judge(response);
    });
  },
});
