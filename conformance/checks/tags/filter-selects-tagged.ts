import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { TAG_FILTER_RULES } from '../../src/rules.ts';
import { expectStatus, failWith } from '../../src/core/expect.ts';
import { detailNow } from '../harness/detail-now.ts';
import type { GameCollection } from '../harness/games-page.ts';

/** Whether a (possibly malformed) game carries the tag among its categories. */
const carries = (game: unknown, tagId: number): boolean => {
  const categories = (game as { tags?: { categories?: unknown } } | null)?.tags?.categories;
  return (
    typeof categories === 'object' &&
    categories !== null &&
    Object.values(categories).some((tag) => (tag as { id?: unknown } | null)?.id === tagId)
  );
};

export const filterSelectsTagged = defineCheck({
  id: 'TAGS-FILTER-SELECTS-TAGGED',
  area: 'tags',
  source: '§4 GET /games rule 1 (tag parameters take ids from GET /tags); §4 GET /games tag parameters',
  level: 'must',
  title: "A tag id from GET /tags used as its group's filter returns only games carrying it",
  covers: ['S4.GAMES.RULE1', ...TAG_FILTER_RULES],
  comparesAnswers: true,
  async run(ctx) {
    const pairs = ctx.discovery.tagFilters.flatMap((filter) =>
      filter.group.values.map((value) => ({ param: filter.param, id: value.id, name: value.name })),
    );
    if (pairs.length === 0) ctx.skip('no tag group of GET /tags could be mapped to a filter parameter (D3)');
    // A quick sanity pass per tag; the games area checks the OR/AND semantics in depth.
    await ctx.property(
      [fc.constantFrom(...pairs)],
      async ({ param, id, name }) => {
        const response = await ctx.client.get('/games', {
          query: [
            [`${param}[]`, id],
            ['per_page', 50],
          ],
        });
        expectStatus(response, 200);
        ctx.expectValid(response, 'listGames');
        const body = response.body as GameCollection;
        const stray = body.data.find((game) => !carries(game, id));
        if (stray) {
          failWith(
            response,
            `${param}[]=${id} returned game ${stray.id}, which does not carry tag ${id} "${name}"`,
            `only games with tag ${id} among their tags.categories`,
            `game ${stray.id} with categories ${JSON.stringify(stray.tags.categories)}`,
          );
        }
        // A game discovery saw carrying the tag; judged again (D65) only while its detail (fresh)
        // shows it active and carrying the tag still (archived or re-tagged since: no verdict).
        const known = ctx.discovery.games.find((game) => carries(game, id));
        if (known && body.meta.total === 0 && (!ctx.rechecking || (await carriesNow(ctx, known.id, id)))) {
          failWith(
            response,
            `${param}[]=${id} found nothing, though game ${known.id} carries tag ${id}`,
            `meta.total ≥ 1 (game ${known.id} is active and carries it)`,
            'meta.total 0',
          );
        }
      },
      { numRuns: Math.min(ctx.runs, 30), examples: rarestCarried(ctx, pairs) },
    );
  },
});

/**
 * The first case: the value the fewest discovered games carry (at least one). A server treating
 * rare values apart — a facet table that leaves out values below some count, a join limited to
 * the popular ones — answers the common ones right.
 */
function rarestCarried<P extends { id: number }>(ctx: CheckContext, pairs: readonly P[]): [P][] {
  let rarest: { pair: P; carriers: number } | undefined;
  for (const pair of pairs) {
    const carriers = ctx.discovery.games.filter((game) => carries(game, pair.id)).length;
    if (carriers > 0 && (rarest === undefined || carriers < rarest.carriers)) rarest = { pair, carriers };
  }
  return rarest === undefined ? [] : [[rarest.pair]];
}

/** Whether GET /games/{gameId} shows the game active and carrying the tag now. */
async function carriesNow(ctx: CheckContext, gameId: number, tagId: number): Promise<boolean> {
  const now = await detailNow(ctx, gameId);
  return now.status === 200 && now.active && carries(now.data, tagId);
}
