import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { runMismatch } from './support/same-run.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { commonWord } from './support/common-word.ts';

/** Generated pages go this deep; the directory's last pages are the first case (judgeLastPages). */
const MAX_PAGE = 6;
/** Page sizes of the directory's last pages: the largest, and an odd one whose last page is partial. */
const LAST_PAGE_SIZES = [50, 7] as const;

/** The page size of the first case's search (its second page): a common word fills two. */
const SEARCH_PAGE_SIZE = 10;

type GamesPage = Awaited<ReturnType<typeof fetchGamesPage>>;

/** Fails the check unless the page echoes `page`/`per_page` and holds its slice of `meta.total`. */
function judgeSlice(ctx: CheckContext, { response, body }: GamesPage, page: number, perPage: number): void {
  if (body.meta.page !== page || body.meta.per_page !== perPage) {
    ctx.fail(
      failureOf(
        response,
        'meta does not echo the requested page and per_page',
        `meta.page ${page}, meta.per_page ${perPage}`,
        `meta.page ${body.meta.page}, meta.per_page ${body.meta.per_page}`,
      ),
    );
  }
  const expected = Math.max(0, Math.min(perPage, body.meta.total - (page - 1) * perPage));
  if (body.data.length !== expected) {
    ctx.fail(
      failureOf(
        response,
        `Page ${page} of ${perPage} holds ${body.data.length} games for meta.total ${body.meta.total}`,
        `${expected} games (min(per_page, total − (page − 1)·per_page))`,
        `${body.data.length} games`,
      ),
    );
  }
}

/**
 * `meta.page`/`meta.per_page` echo the request and `data` is the requested slice of
 * `total`: min(per_page, total − (page − 1)·per_page) games, none past the end, whatever the
 * order of the parameters. The
 * generated pages reach the first 300 games; the directory's last pages (of 50, and of 7,
 * whose last page is partial) are asked for first, where an offset the server caps or
 * miscounts shows in a large directory — by their sizes, and by their ends: both end at the
 * directory's last game, so the shorter one is the other's tail (compared by the values of
 * the default sort, `last_updated`, which ties cannot reorder).
 */
export const pageSlice = defineCheck({
  id: 'GAMES-PAGE-SLICE',
  area: 'games',
  source:
    '§4 GET /games parameters, page and per_page; §2 shared types, PaginationMeta; §8 limits, per_page and page',
  level: 'must',
  title: 'A page holds the requested slice of the matching games',
  covers: ['S4.GAMES.PAGE', 'S4.GAMES.PERPAGE', 'S8.PERPAGE', 'S8.PAGE', 'S2.PAGEMETA'],
  comparesAnswers: true,
  async run(ctx) {
    const arbitrary = fc
      .tuple(
        filterQuery(ctx.discovery, { paging: false }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: MAX_PAGE }),
        fc.boolean(),
      )
      .map(([filter, perPage, page, reversed]) => ({
        ...filter,
        perPage,
        page,
        reversed,
        lastPages: false,
        tiles: false,
      }));
    // First (the case a minimal pass judges): the directory's last pages and a search's second page, one case.
    const total = ctx.discovery.totalActiveGames;
    const word = commonWord(ctx.discovery.games);
    const examples =
      total > 0
        ? [
            [{ perPage: 50, page: Math.ceil(total / 50), reversed: false, lastPages: true, tiles: false }],
            // Second: the second pages of the sorts with one reading continue their first.
            [{ perPage: TILE_SIZE, page: 2, reversed: false, lastPages: false, tiles: true }],
          ]
        : [];
    await ctx.property(
      [arbitrary],
      async ({ lastPages, tiles, ...filter }) => {
        if (tiles) {
          for (const sort of ONE_READING_SORTS) await judgeTiles(ctx, sort);
        } else if (lastPages) {
          await judgeLastPages(ctx, total);
          // And a search's second page: a search may run through a query of its own, paged its
          // own way (an offset applied twice leaves its later pages empty beside a right total).
          // Its parameters in the reverse order (`page` before `per_page` and `q`): distinct
          // parameters mean the same in any order.
          if (word !== undefined) {
            const query = { q: word, perPage: SEARCH_PAGE_SIZE, page: 2 };
            const pairs = toQueryPairs(query).reverse();
            judgeSlice(ctx, await fetchGamesPage(ctx, pairs), 2, SEARCH_PAGE_SIZE);
          }
        } else {
          // Half the generated pages ask with the parameters in the reverse order.
          const { reversed, ...query } = filter;
          const pairs = reversed === true ? toQueryPairs(query).reverse() : toQueryPairs(query);
          judgeSlice(ctx, await fetchGamesPage(ctx, pairs), filter.page, filter.perPage);
        }
      },
      { examples },
    );
  },
});

/**
 * The sorts whose key the summary shows in one field (D22: `top_voted` its only votes,
 * `most_reviewed` its only review count), each field.
 */
const ONE_READING_SORTS = [
  { sort: 'top_voted', field: 'ranking.monthly_votes' },
  { sort: 'most_reviewed', field: 'reviews.count' },
] as const;
/** The page size of the second pages compared with a first page of twice as many: the default (§4), what clients read. */
const TILE_SIZE = 20;

/**
 * Pages tile the sorted list: page 2 of 20 games holds the 21st to 40th games of page 1 of 40,
 * compared by the sort's key (D22: for the sorts with one reading), which ties cannot reorder,
 * when both counted the same total (no verdict when the data moved between them). A later page
 * read another way than the first — by keyset with a wrong condition, from another index —
 * skips or repeats games there.
 */
async function judgeTiles(
  ctx: CheckContext,
  { sort, field }: (typeof ONE_READING_SORTS)[number],
): Promise<void> {
  const first = await fetchGamesPage(ctx, toQueryPairs({ sort, perPage: 2 * TILE_SIZE }));
  const second = await fetchGamesPage(ctx, toQueryPairs({ sort, perPage: TILE_SIZE, page: 2 }));
  judgeSlice(ctx, second, 2, TILE_SIZE);
  if (first.body.meta.total !== second.body.meta.total) return;
  const mismatch = runMismatch(first.body.data.slice(TILE_SIZE, 2 * TILE_SIZE), second.body.data, field);
  if (mismatch === undefined) return;
  ctx.fail(
    failureOf(
      second.response,
      `sort=${sort}: page 2 of ${TILE_SIZE} is not games ${TILE_SIZE + 1} to ${2 * TILE_SIZE} of page 1 of ${2 * TILE_SIZE}`,
      `${mismatch.expected} (games ${TILE_SIZE + 1}–${2 * TILE_SIZE} of page 1 of ${2 * TILE_SIZE}, the same total ${first.body.meta.total})`,
      mismatch.received,
    ),
  );
}

/**
 * The directory's last pages of each LAST_PAGE_SIZES size, sized from discovery's `total`: each
 * holds its slice, and (when both are still the last of one unchanged total) the shorter is the
 * other's tail, by the values of the default sort.
 */
async function judgeLastPages(ctx: CheckContext, total: number): Promise<void> {
  const lasts: Array<{ perPage: number; page: number; answer: GamesPage }> = [];
  for (const perPage of LAST_PAGE_SIZES) {
    const page = Math.ceil(total / perPage);
    const answer = await fetchGamesPage(ctx, toQueryPairs({ perPage, page }));
    judgeSlice(ctx, answer, page, perPage);
    lasts.push({ perPage, page, answer });
  }
  const [fifty, seven] = lasts as [(typeof lasts)[0], (typeof lasts)[0]];
  const stillLast = lasts.every(
    ({ perPage, page, answer }) =>
      answer.body.meta.total === fifty.answer.body.meta.total &&
      page === Math.ceil(answer.body.meta.total / perPage),
  );
  if (!stillLast) return;
  const [shorter, longer] =
    seven.answer.body.data.length <= fifty.answer.body.data.length ? [seven, fifty] : [fifty, seven];
  const field = ctx.profile.sortKeys.last_updated.field;
  const own = shorter.answer.body.data;
  const tail = longer.answer.body.data.slice(-own.length);
  const mismatch = own.length === 0 ? undefined : runMismatch(tail, own, field, { endsTheList: true });
  if (mismatch === undefined) return;
  ctx.fail(
    failureOf(
      shorter.answer.response,
      `The last page of ${shorter.perPage} (page ${shorter.page}) is not the end of the last page of ${longer.perPage} (page ${longer.page}): both end at game ${shorter.answer.body.meta.total} of the directory`,
      `${mismatch.expected} (the last ${own.length} of page ${longer.page} of ${longer.perPage})`,
      mismatch.received,
    ),
  );
}
