import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameDetail } from '../../src/core/discovery.ts';
import { failureOf } from '../../src/core/expect.ts';
import { sortName } from './arbitraries/sort-name.ts';
import { categoryTagIds } from './support/filter-violations.ts';
import {
  type GamesFilter,
  type TagCriterion,
  toQueryPairs,
  withoutForbiddenCombination,
} from './support/games-filter.ts';
import { tagParamIndex } from './support/tag-param-index.ts';
import { walkPages } from './support/walk-pages.ts';

/** Words of a text worth searching for (letters and digits, three or more). */
function wordsOf(text: string): string[] {
  return [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3))];
}

/**
 * A known archived game never appears, not even for a search built from its own name
 * and its own tags, and is not counted: walking such a query yields `total` games
 * (walkPages), none of them the archived one.
 */
export const archivedGameNeverListed = defineCheck({
  id: 'GAMES-ARCHIVED-GAME-NEVER-LISTED',
  area: 'games',
  source:
    '§4 GET /games ("archived listings are excluded from results and from meta.total, regardless of filters or sort"); §3 states table, archived',
  level: 'must',
  title: 'An archived game is neither listed nor counted',
  covers: ['S4.GAMES.ARCHIVED', 'S3.ARCHIVED'],
  comparesAnswers: true,
  async run(ctx) {
    const archivedId = ctx.discovery.archivedGameId ?? ctx.hints.archivedGameId;
    if (archivedId === undefined) return ctx.skip('no archived game id known (give --archived-game-id)');
    const response = await ctx.client.get(`/games/${archivedId}`);
    const game = (response.body as { data?: GameDetail } | undefined)?.data;
    if (response.status !== 200 || game?.status?.archived !== true) {
      return ctx.skip(
        `game ${archivedId} is not shown as archived by GET /games/${archivedId} (HTTP ${response.status})`,
      );
    }
    // The detail as it is (its shape is GAME-DETAIL-SCHEMA's and GAME-DETAIL-ARCHIVED's to judge):
    // the texts and tags it has, none assumed.
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    const words =
      wordsOf(text(game.name)).length > 0
        ? wordsOf(text(game.name))
        : wordsOf(`${text(game.intro)} ${text(game.description)}`);
    if (words.length === 0) return ctx.skip(`archived game ${archivedId} has no searchable words`);
    const index = tagParamIndex(ctx.discovery);
    const hasCategories = typeof game.tags?.categories === 'object' && game.tags.categories !== null;
    const ownTags: TagCriterion[] = (hasCategories ? categoryTagIds(game) : [])
      .filter((id) => index.has(id))
      .map((id) => ({ param: index.get(id) as string, ids: [id] }));

    const arbitrary = fc
      .record(
        {
          q: fc
            .subarray(words, { minLength: 1, maxLength: Math.min(2, words.length) })
            .map((chosen) => chosen.join(' ')),
          sort: sortName(),
          connectionType: fc.constantFrom(
            game.status.web_only ? ('web_only' as const) : ('mud_client' as const),
          ),
          tags: fc.subarray(ownTags),
        },
        { requiredKeys: ['q'] },
      )
      .map((filter) => withoutForbiddenCombination(filter as GamesFilter));
    await ctx.property(
      [arbitrary],
      async (filter) => {
        const walk = await walkPages(ctx, toQueryPairs(filter));
        if (walk.games.some((listed) => listed.id === archivedId)) {
          // §3 leaves transitions between active and archived open (D49): a game reached again
          // may be listed again. Judged only while the game still reads archived.
          const now = await ctx.client.get(`/games/${archivedId}`, { fresh: true });
          const still = (now.body as { data?: GameDetail } | undefined)?.data?.status?.archived;
          if (now.status === 200 && still !== true) {
            ctx.log(`game ${archivedId} was listed, and no longer reads archived: no verdict on this case`);
            return;
          }
          const page = await ctx.client.get('/games', { query: toQueryPairs(filter) });
          ctx.fail(
            failureOf(
              page,
              `Archived game ${archivedId} is listed by GET /games`,
              'archived games excluded from the results',
              `game ${archivedId} among ${walk.total} games`,
            ),
          );
        }
      },
      // A walk per case (up to four requests): a quarter of the run's cases. First its name,
      // ordered by recently_online: the one order built from the crawl results rather than the
      // listings, where an archived game once reached is most easily let back in (a web-only
      // archived game cannot be asked in that order, §4 GET /games rule 3: last_updated then).
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 4)),
        examples: [
          [
            withoutForbiddenCombination({
              q: words.slice(0, 2).join(' '),
              sort: 'recently_online',
              connectionType: game.status.web_only ? 'web_only' : 'mud_client',
            }),
          ],
        ],
      },
    );
  },
});
