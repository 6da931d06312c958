import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { expectFilterHolds } from './support/expect-filter-holds.ts';
import { withoutForbiddenCombination } from './support/games-filter.ts';
import { filterViolations, isJudgeableSummary } from './support/filter-violations.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { collectionItems } from '../harness/collection-items.ts';
import { failureOf } from '../../src/core/expect.ts';

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
    // Every page the run already has that asked for a connection type: each of its games is of
    // that type (whatever else the request asked: filters combine with AND) …
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) => {
      const type = new URL(response.url).searchParams.get('connection_type');
      if (type !== 'web_only' && type !== 'mud_client') return false;
      const data = collectionItems(response.body).filter(isJudgeableSummary);
      const nowMs = response.serverDate ?? ctx.discovery.serverNow();
      for (const game of data) {
        const problems = filterViolations(game, { connectionType: type }, nowMs);
        if (problems.length > 0) {
          ctx.fail(
            failureOf(
              response,
              `Game ${game.id} is returned for connection_type=${type}`,
              'every returned game matches every filter (§4 GET /games, rule 2)',
              `game ${game.id}: ${problems.join('; ')}`,
            ),
          );
        }
      }
      seen[type] += data.length;
      return data.length > 0;
    });
    // … each type alone where the traffic had none (on a deployment with both kinds each
    // returns games, so even the minimal pass of a small budget judges both) …
    for (const type of ['web_only', 'mud_client'] as const) {
      if (seen[type] === 0) seen[type] += await expectFilterHolds(ctx, { connectionType: type });
    }
    // … then generated queries.
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
