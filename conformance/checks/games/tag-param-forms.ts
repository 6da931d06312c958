import { defineCheck } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { buildQueryString } from '../../src/core/http-client.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { tagGroup } from './arbitraries/tag-group.ts';
import { spellingOf, tagParamSpelling, type TagParamSpelling } from './arbitraries/tag-param-spelling.ts';
import { expectInvalidFilter } from './support/expect-invalid-filter.ts';
import { type GamesFilter, toQueryPairs } from './support/games-filter.ts';
import { expectGamesPage } from '../harness/games-page.ts';

/** One page this large holds the whole result of most filtered queries. */
const PER_PAGE = 50;

/**
 * A tag filter spelled another way selects what the canonical `<name>[]=a&<name>[]=b`
 * selects: any order, brackets literal or percent-encoded, a single id without brackets.
 * Where DECISIONS leaves the spelling open (D52 mixed names, D57 a repeated id) the answer
 * is 422 invalid_filter or a result within the canonical one.
 */
export const tagParamForms = defineCheck({
  id: 'GAMES-TAG-PARAM-FORMS',
  area: 'games',
  source:
    '§4 GET /games, rule 1 ("repeated to select several IDs … a single ID may be sent with or without the brackets")',
  level: 'must',
  title: 'Every spelling of a tag filter selects the games of its canonical form',
  covers: ['S4.GAMES.RULE1'],
  comparesAnswers: true,
  decisions: ['D52', 'D57'],
  async run(ctx) {
    const group = tagGroup(ctx.discovery, 1);
    if (group === undefined) return ctx.skip('no mapped tag group (D3)');
    const base = filterQuery(ctx.discovery, { paging: false }).map((filter): GamesFilter => ({
      ...filter,
      tags: [],
    }));
    const examples: Array<[GamesFilter, TagParamSpelling]> = [];
    const first = ctx.discovery.tagFilters.find((filter) => filter.group.values.length > 0);
    // A single id without brackets (§4 rule 1 names it), beside another category's bracketed id
    // when there is one (a server reading the bare names only when no bracketed one is sent drops
    // it there), else on an unfiltered query.
    const other = ctx.discovery.tagFilters.find(
      (filter) => filter.param !== first?.param && filter.group.values.length > 0,
    );
    const beside: GamesFilter =
      other === undefined ? {} : { tags: [{ param: other.param, ids: [other.group.values[0]!.id] }] };
    if (first) {
      const id = first.group.values[0]!.id;
      examples.push([beside, spellingOf(first.param, [{ id, form: 'bare' }])]);
      // Then one id sent twice (D57: 422, or its games once each): a server joining the ids to
      // the games' tags row by row counts every game once per time its id is sent.
      examples.push([
        {},
        spellingOf(first.param, [
          { id, form: 'brackets' },
          { id, form: 'brackets' },
        ]),
      ]);
    }
    await ctx.property(
      [base, tagParamSpelling(group)],
      async (filter, spelling) => {
        const prefix = buildQueryString(toQueryPairs(filter));
        const join = (tagPart: string) =>
          [prefix, tagPart, `per_page=${PER_PAGE}`].filter((part) => part !== '').join('&');
        const canonicalPart = spelling.ids.map((id) => `${spelling.param}[]=${id}`).join('&');
        const canonical = expectGamesPage(
          ctx,
          await ctx.client.get('/games', { rawQuery: join(canonicalPart) }),
          'to the canonical tag filter',
        );
        const response = await ctx.client.get('/games', { rawQuery: join(spelling.raw) });
        if (response.status !== 200 && spelling.expectation !== 'same') {
          return expectInvalidFilter(ctx, response);
        }
        const spelled = expectGamesPage(ctx, response, `to ${spelling.raw} (${spelling.expectation})`);
        const want = new Set(canonical.body.data.map((game) => game.id));
        const got = spelled.body.data.map((game) => game.id);
        const wantTotal = canonical.body.meta.total;
        const gotTotal = spelled.body.meta.total;
        const complete = wantTotal <= PER_PAGE;
        const problem =
          spelling.expectation === 'within-or-invalid'
            ? gotTotal > wantTotal || (complete && got.some((id) => !want.has(id)))
            : gotTotal !== wantTotal || got.length !== want.size || got.some((id) => !want.has(id));
        if (problem) {
          ctx.fail(
            failureOf(
              response,
              `${spelling.raw} selects other games than ${canonicalPart}`,
              spelling.expectation === 'within-or-invalid'
                ? `422 invalid_filter, or games within the ${wantTotal} of ${canonicalPart} (D52)`
                : `the same games: meta.total ${wantTotal}, ids [${[...want].join(', ')}]`,
              `meta.total ${gotTotal}, ids [${got.join(', ')}]`,
            ),
          );
        }
      },
      // Two requests per case (the canonical one is often cached): half the run's cases.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 2)), examples },
    );
  },
});
