import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectFilterHolds } from './support/expect-filter-holds.ts';
import { withoutForbiddenCombination } from './support/games-filter.ts';

/** `connection_type=web_only` returns only web-only games, `mud_client` only the others. */
export const filterConnectionType = defineCheck({
  id: 'GAMES-FILTER-CONNECTION-TYPE',
  area: 'games',
  source: '§4 GET /games parameters, connection_type',
  level: 'must',
  title: 'connection_type keeps only games of that kind',
  covers: ['S4.GAMES.CONNTYPE'],
  async run(ctx) {
    if (ctx.discovery.webOnlyGameIds.length === 0) {
      return ctx.skip(
        'discovery saw no web-only game, so connection_type=web_only cannot be told from an empty result',
      );
    }
    const seen = { web_only: 0, mud_client: 0 };
    const arbitrary = fc
      .tuple(filterQuery(ctx.discovery), fc.constantFrom('web_only' as const, 'mud_client' as const))
      .map(([filter, connectionType]) => withoutForbiddenCombination({ ...filter, connectionType }));
    // Each type alone first: on a deployment with both kinds each returns games, so even the
    // minimal pass of a small budget judges both.
    await ctx.property(
      [arbitrary],
      async (filter) => {
        seen[filter.connectionType as 'web_only' | 'mud_client'] += await expectFilterHolds(ctx, filter);
      },
      { examples: [[{ connectionType: 'web_only' }], [{ connectionType: 'mud_client' }]] },
    );
    ctx.log(`judged ${seen.web_only} games under web_only, ${seen.mud_client} under mud_client`);
    if (seen.web_only === 0 || seen.mud_client === 0) {
      return ctx.skip('a connection type never returned a game under the generated queries');
    }
  },
});
