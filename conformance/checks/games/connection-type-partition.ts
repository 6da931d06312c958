import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { type GamesFilter, toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';

/**
 * Every active game is web-only or supports MUD clients (`status.web_only` is a
 * boolean), so under any other filters total(web_only) + total(mud_client) =
 * total(all) = total without the parameter (`all` is the default, "no filter").
 */
export const connectionTypePartition = defineCheck({
  id: 'GAMES-CONNECTION-TYPE-PARTITION',
  area: 'games',
  source: '§4 GET /games parameters, connection_type (default all = no filter; web_only; mud_client)',
  level: 'must',
  title: 'web_only and mud_client split the games of connection_type=all',
  covers: ['S4.GAMES.CONNTYPE'],
  comparesAnswers: true,
  async run(ctx) {
    // web_only cannot be combined with online_recently or sort=recently_online (§4 rule 3).
    const arbitrary = filterQuery(ctx.discovery, { paging: false }).map((filter): GamesFilter => {
      const { connectionType: _type, onlineRecently: _online, ...rest } = filter;
      return rest.sort === 'recently_online' ? { ...rest, sort: 'newest' } : rest;
    });
    await ctx.property(
      [arbitrary],
      async (base) => {
        const total = async (filter: GamesFilter) =>
          (await fetchGamesPage(ctx, toQueryPairs(filter))).body.meta.total;
        const omitted = await fetchGamesPage(ctx, toQueryPairs(base));
        const all = await total({ ...base, connectionType: 'all' });
        const webOnly = await total({ ...base, connectionType: 'web_only' });
        const mudClient = await total({ ...base, connectionType: 'mud_client' });
        if (all !== omitted.body.meta.total || webOnly + mudClient !== all) {
          ctx.fail(
            failureOf(
              omitted.response,
              'The connection types do not partition the matching games',
              `total(web_only) + total(mud_client) = total(all) = total without connection_type = ${omitted.body.meta.total}`,
              `web_only ${webOnly} + mud_client ${mudClient} = ${webOnly + mudClient}; all ${all}; without ${omitted.body.meta.total}`,
            ),
          );
        }
      },
      // Four requests per case: half the run's cases. First the whole directory: a connection
      // type read through a key some games lack (never reached, no website) drops those games
      // from its total; generated filters mostly select a few games, all of which may have it.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 2)), examples: [[{}]] },
    );
  },
});
