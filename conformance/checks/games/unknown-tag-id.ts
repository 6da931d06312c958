import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import { errorCodeOf, failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { tagGroup } from './arbitraries/tag-group.ts';
import type { TagFilter } from '../../src/core/discovery.ts';
import { expectInvalidFilter } from './support/expect-invalid-filter.ts';
import { filterViolations } from './support/filter-violations.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { expectGamesPage, fetchGamesPage } from '../harness/games-page.ts';
import { wideIds } from '../harness/arbitraries/unknown-game-id.ts';

/**
 * A well-formed tag id that is in no tag group, or in another group than the parameter's
 * (no game has it in this category), is either 422 `invalid_filter` or matches no game (D20:
 * tolerant). OR-ed with a known id, a 200 selects exactly the
 * known id's games.
 */
/** The ids of a game's category and custom tags, as far as its summary holds them. */
function tagIdsOf(game: { tags?: unknown }): number[] {
  const tags = game.tags as { categories?: unknown; custom?: unknown } | null | undefined;
  const categories = tags?.categories;
  const all = [
    ...(typeof categories === 'object' && categories !== null ? Object.values(categories) : []),
    ...(Array.isArray(tags?.custom) ? (tags.custom as unknown[]) : []),
  ];
  return all
    .map((tag) => (tag as { id?: unknown } | null)?.id)
    .filter((id): id is number => typeof id === 'number');
}

export const unknownTagId = defineCheck({
  id: 'GAMES-UNKNOWN-TAG-ID',
  area: 'games',
  source: '§4 GET /games, rule 1 ("current IDs come from GET /tags") and rule 3 (open point, DECISIONS D20)',
  level: 'must',
  title: 'An unknown tag id is refused or matches nothing',
  covers: ['S4.GAMES.RULE3-INVALID', 'S4.GAMES.RULE2'],
  comparesAnswers: true,
  decisions: ['D20'],
  async run(ctx) {
    const group = tagGroup(ctx.discovery);
    if (group === undefined) return ctx.skip('no mapped tag group (D3)');
    // Ids in use anywhere (groups, and games' category and custom tags) are not "unknown".
    const known = new Set([
      ...ctx.discovery.tagGroups.flatMap((g) => g.values.map((value) => value.id)),
      ...ctx.discovery.games.flatMap(tagIdsOf),
    ]);
    // An id that is no safe integer (a malformed answer, the schema checks' finding) is no bound.
    const ceiling = Math.max(0, ...[...known].filter((id) => Number.isSafeInteger(id)));
    const firstGroup = ctx.discovery.tagFilters.find((filter) => filter.group.values.length >= 1);
    const unknown = fc
      .oneof(
        fc.integer({ min: ceiling + 1, max: ceiling + 1000 }),
        fc.integer({ min: 1_000_000, max: 2_000_000_000 }),
      )
      .filter((id) => !known.has(id));
    // An id of another group is unknown to this parameter too: no game has it in this category
    // (a server matching it against every tag of a game lists the games of the other group).
    const foreignTo = (filter: TagFilter): number[] => {
      const own = new Set(filter.group.values.map((value) => value.id));
      return ctx.discovery.tagGroups
        .flatMap((g) => g.values.map((value) => value.id))
        .filter((id) => !own.has(id));
    };
    const arbitrary = fc
      .tuple(filterQuery(ctx.discovery, { paging: false }), group, fc.boolean())
      .chain(([base, filter, alone]) => {
        const foreign = foreignTo(filter);
        return fc
          .tuple(
            fc.constantFrom(...filter.group.values),
            foreign.length === 0 ? unknown : fc.oneof(unknown, fc.constantFrom(...foreign)),
          )
          .map(([value, id]) => ({
            base: { ...base, tags: [] },
            param: filter.param,
            ids: alone ? [id] : [value.id, id],
            knownId: alone ? undefined : value.id,
          }));
      });
    // The first cases the same on every seed (the first's cost is what the budget line counts),
    // each without a known id: first an id of another group under the first group's parameter
    // together with 2^32 plus the group's first id (wideIds: what a server keeping 32 bits of an
    // id reads as that tag) — either slip lists games, and a 200-request run has this case only;
    // then the other group's id alone (a server refusing ids past 32 bits with 422, as D20
    // allows, judged nothing of it above), then the id after the largest one in use.
    const firstForeign = firstGroup === undefined ? undefined : foreignTo(firstGroup)[0];
    const wide = firstGroup === undefined ? undefined : wideIds(firstGroup.group.values[0]?.id)[0];
    const wrapping = wide === undefined || known.has(wide) ? undefined : wide;
    const firstIds: number[][] = [
      [firstForeign, wrapping].filter((id): id is number => id !== undefined),
      // Alone only when it went out with the wrap above.
      ...(firstForeign !== undefined && wrapping !== undefined ? [[firstForeign]] : []),
      [ceiling + 1],
    ];
    const examples =
      firstGroup === undefined
        ? []
        : firstIds
            .filter((ids) => ids.length > 0)
            .map((ids) => [{ base: { tags: [] }, param: firstGroup.param, ids, knownId: undefined }]);
    await ctx.property(
      [arbitrary],
      async ({ base, param, ids, knownId }) => {
        const filter = { ...base, tags: [{ param, ids }] };
        const response = await ctx.client.get('/games', { query: toQueryPairs(filter) });
        if (response.status === 422) {
          expectInvalidFilter(ctx, response);
          return;
        }
        if (response.status !== 200) {
          ctx.fail(
            failureOf(
              response,
              `An unknown tag id answered ${response.status}`,
              '200 (the id matches no game) or 422 invalid_filter (D20)',
              `${response.status}${errorCodeOf(response) === undefined ? '' : ` ${errorCodeOf(response)}`}`,
            ),
          );
        }
        const { body } = expectGamesPage(ctx, response, 'to an unknown tag id');
        const nowMs = response.serverDate ?? ctx.discovery.serverNow();
        const stray = body.data.find((game) => filterViolations(game, filter, nowMs).length > 0);
        const knownTotal =
          knownId === undefined
            ? 0
            : (await fetchGamesPage(ctx, toQueryPairs({ ...base, tags: [{ param, ids: [knownId] }] }))).body
                .meta.total;
        if (stray !== undefined || body.meta.total !== knownTotal) {
          ctx.fail(
            failureOf(
              response,
              'An unknown tag id matched games',
              `the games of the known id only: meta.total ${knownTotal}`,
              `meta.total ${body.meta.total}${stray === undefined ? '' : `; game ${stray.id} carries none of the ids`}`,
            ),
          );
        }
      },
      // Up to two requests per case for a tolerant point: half the run's cases.
      { numRuns: Math.max(1, Math.ceil(ctx.runs / 2)), examples },
    );
  },
});
