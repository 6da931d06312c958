import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { tagGroup } from './arbitraries/tag-group.ts';
import { expectFilterHolds } from './support/expect-filter-holds.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';

/**
 * `<name>[]=<id>` and `<name>=<id>` select the same games, and the parameter repeats
 * to select several ids (each returned game carries one of them).
 */
export const tagParamForms = defineCheck({
  id: 'GAMES-TAG-PARAM-FORMS',
  area: 'games',
  source:
    '§4 GET /games, rule 1 ("repeated to select several IDs … a single ID may be sent with or without the brackets")',
  level: 'must',
  title: 'Tag ids work with and without brackets and repeated',
  covers: ['S4.GAMES.RULE1'],
  async run(ctx) {
    const group = tagGroup(ctx.discovery, 2);
    if (group === undefined) return ctx.skip('no mapped tag group with two values (D3)');
    const arbitrary = fc.tuple(filterQuery(ctx.discovery, { paging: false }), group).chain(([base, filter]) =>
      fc
        .subarray(
          filter.group.values.map((value) => value.id),
          { minLength: 2, maxLength: Math.min(3, filter.group.values.length) },
        )
        .map((ids) => ({ base: { ...base, tags: [] }, param: filter.param, ids })),
    );
    await ctx.property(
      [arbitrary],
      async ({ base, param, ids }) => {
        const single = ids[0] as number;
        const bracketed = await fetchGamesPage(
          ctx,
          toQueryPairs({ ...base, tags: [{ param, ids: [single] }] }),
        );
        const bare = await fetchGamesPage(
          ctx,
          toQueryPairs({ ...base, tags: [{ param, ids: [single], bracketless: true }] }),
          `to ${param}=${single} without brackets`,
        );
        const withIds = bracketed.body.data.map((g) => g.id).join(',');
        const withoutIds = bare.body.data.map((g) => g.id).join(',');
        if (bare.body.meta.total !== bracketed.body.meta.total || withIds !== withoutIds) {
          ctx.fail(
            failureOf(
              bare.response,
              `${param}=${single} selects other games than ${param}[]=${single}`,
              `meta.total ${bracketed.body.meta.total}, ids [${withIds}]`,
              `meta.total ${bare.body.meta.total}, ids [${withoutIds}]`,
            ),
          );
        }
        await expectFilterHolds(ctx, { ...base, tags: [{ param, ids }] });
      },
      // Three requests per case: half the run's cases.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 2)) },
    );
  },
});
