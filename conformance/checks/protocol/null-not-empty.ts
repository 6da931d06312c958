import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import type { ApiResponse, QueryPairs } from '../../src/core/http-client.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { noValueTexts, nullableStringFieldNames } from './support/nullable-strings.ts';

/** Resources rich in nullable strings (affiliations, links, hosts, reasons), when the run has none yet. */
const OWN_TARGETS: Array<{ path: string; query: QueryPairs }> = [
  { path: '/reviews', query: [] },
  { path: '/games', query: [] },
  { path: '/reviews', query: [['page', 2]] },
  { path: '/games', query: [['sort', 'newest']] },
];

/**
 * §1 rule 4: "A field is null when no value exists for it." Where the description (and so the
 * spec) types a field "string or null", a missing value is null — not a stand-in for nothing: the
 * empty string (a NOT NULL column with a '' default, a form's empty input), whitespace, or
 * `"null"`/`"undefined"` (a missing value written through a template or String()). Judged on every
 * 200 the run receives (discovery's included), and on a few collection pages of its own when the
 * run has none.
 */
export const nullNotEmpty = defineCheck({
  id: 'PROTOCOL-NULL-NOT-EMPTY',
  area: 'protocol',
  source: '§1 rule 4 ("A field is null when no value exists for it"); §2 tables ("string or null")',
  level: 'must',
  title: 'A "string or null" field with no value is null, never "" or another stand-in',
  covers: ['S1.4-NULL'],
  async run(ctx) {
    const names = nullableStringFieldNames(ctx.spec);
    if (names.size === 0) return ctx.skip('the spec has no field typed string or null');
    const judge = (response: ApiResponse): boolean => {
      if (!response.isJson) return false;
      const found = noValueTexts(response.body, names);
      if (found.length > 0) {
        failWith(
          response,
          `a stand-in for no value in a field typed string or null (${found[0]!.at})`,
          'null where no value exists (§1 rule 4), not "", whitespace, "null" or "undefined"',
          found
            .slice(0, 3)
            .map(({ at, value }) => `${at}: ${JSON.stringify(value)}`)
            .join(', ') + (found.length > 3 ? ` and ${found.length - 3} more` : ''),
        );
      }
      return true;
    };
    ctx.judgeObserved(observedGets(ctx, /^\/(games|reviews|tags)(\/|$)/), judge);
    await ctx.sweep(OWN_TARGETS, async ({ path, query }) => {
      const response = await ctx.client.get(path, { query });
      if (response.status === 200) judge(response);
    });
  },
});
