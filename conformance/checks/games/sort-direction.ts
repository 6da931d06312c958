import { tagFrequencies } from './support/tag-frequency.ts';
import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import type { Discovery, GameSummary } from '../../src/core/discovery.ts';
import { failureOf } from '../../src/core/expect.ts';
import type { QueryPairs } from '../../src/core/http-client.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { filterQuery } from './arbitraries/filter-query.ts';
import { toQueryPairs, withoutForbiddenCombination, type GamesFilter } from './support/games-filter.ts';

type Key = (game: GameSummary) => number | undefined;

const time = (value: string | null | undefined) => (value ? Date.parse(value) : undefined);

/**
 * What each sort's name decides, whatever its exact key (D22 leaves keys and ties open): the
 * statistic of the first page against the last page's, over the whole directory. A key that
 * may be read two ways (newest: created or listed) holds if it holds for one of them. In the
 * sweep's order: `top_voted` first (the minimal pass's), then `most_reviewed`, the other count
 * (within 600 requests the sweep reaches its second item), then `oldest`, the one ascending sort,
 * the likeliest to be derived from another (a reversal: GAMES-SORT-OPPOSITES' first case too),
 * then the others.
 */
const DIRECTIONS: Array<{
  sort: string;
  what: string;
  keys: Key[];
  descending: boolean;
  /** The name has one reading (the summary's only votes, its only review count): each page runs that way too. */
  monotone?: boolean;
}> = [
  {
    sort: 'top_voted',
    what: 'monthly votes',
    keys: [(g) => g.ranking.monthly_votes],
    descending: true,
    monotone: true,
  },
  {
    sort: 'most_reviewed',
    what: 'review counts',
    keys: [(g) => g.reviews.count],
    descending: true,
    monotone: true,
  },
  {
    sort: 'oldest',
    what: 'created or listed times',
    keys: [(g) => time(g.dates.created), (g) => time(g.dates.listed)],
    descending: false,
  },
  {
    sort: 'newest',
    what: 'created or listed times',
    keys: [(g) => time(g.dates.created), (g) => time(g.dates.listed)],
    descending: true,
  },
  {
    sort: 'recently_online',
    what: 'last successful connections',
    keys: [(g) => time(g.status.last_successful_connect)],
    descending: true,
  },
];

/**
 * Two games tie on a time `newest` and `oldest` may read (D22: listed or created), so that both
 * sorts keep them in their tie-break's order. (A game lacking a time comes last under both; pages
 * holding one are not judged.)
 */
const tie = (a: GameSummary, b: GameSummary): boolean =>
  (['listed', 'created'] as const).some(
    (field) => a.dates?.[field] != null && a.dates[field] === b.dates?.[field],
  );

function mean(games: readonly GameSummary[], key: Key): number | undefined {
  const values = games.map(key).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}

/** The tag id most of discovery's games carry, as a filter (none when no game has a tag). */
function commonestTag(discovery: Discovery): NonNullable<GamesFilter['tags']>[] {
  const best = tagFrequencies(discovery)
    .map((values) => values[0])
    .filter((tag) => tag !== undefined && tag.games > 0)
    .sort((a, b) => b!.games - a!.games)[0];
  return best === undefined ? [] : [[{ param: best.param, ids: [best.id] }]];
}

/** The first page against the last (per_page `perPage`) of a query under `direction`'s sort. */
async function judgeDirection(
  ctx: CheckContext,
  base: QueryPairs,
  { sort, what, keys, descending, monotone }: (typeof DIRECTIONS)[number],
  perPage: number,
): Promise<boolean> {
  const query: QueryPairs = [...base, ['sort', sort], ['per_page', perPage]];
  const first = await fetchGamesPage(ctx, query);
  const lastPage = Math.max(1, Math.ceil(first.body.meta.total / perPage));
  if (sort === 'oldest' && first.body.meta.total >= 2 * perPage) {
    // Over two full pages or more, the oldest page and the newest page hold different games
    // (unless a game ties with another on a time the sort may read): `oldest` served as `newest`'s
    // pages each reversed holds the same ones. The newest page is SORT-DIRECTION's own request
    // under the same query (the run's cache answers it).
    const newest = await fetchGamesPage(ctx, [...base, ['sort', 'newest'], ['per_page', perPage]]);
    const oldestIds = new Set(first.body.data.map((game) => game.id));
    // A game lacking a time on either page: the times a sort may read are too sparse for its
    // nulls (last under both) to stay off the first pages, so nothing is judged.
    const pages = [...first.body.data, ...newest.body.data];
    const sparse = pages.some((game) => game.dates?.listed == null || game.dates?.created == null);
    const shared = sparse
      ? undefined
      : newest.body.data.find(
          (game) =>
            oldestIds.has(game.id) && !pages.some((other) => other.id !== game.id && tie(game, other)),
        );
    if (shared !== undefined) {
      ctx.fail(
        failureOf(
          first.response,
          `sort=oldest's first page holds game ${shared.id}, which sort=newest's first page holds too (${first.body.meta.total} games, ${perPage} a page)`,
          'the first pages of newest and oldest hold different games when the result spans two full pages',
          `game ${shared.id} on both first pages`,
        ),
      );
    }
  }
  if (lastPage === 1) return false;
  const last = await fetchGamesPage(ctx, [...query, ['page', lastPage]]);
  if (monotone === true) {
    // Ties in any order (D22), but never more after fewer within a page.
    for (const [page, { response, body }] of [
      [1, first],
      [lastPage, last],
    ] as const) {
      const values = body.data.map(keys[0]!);
      const at = values.findIndex(
        (value, i) =>
          i > 0 && typeof value === 'number' && typeof values[i - 1] === 'number' && value > values[i - 1]!,
      );
      if (at > 0) {
        ctx.fail(
          failureOf(
            response,
            `sort=${sort} lists a game with more ${what} after one with fewer on page ${page}`,
            `${what} non-increasing down the page (ties in any order)`,
            `game ${body.data[at - 1]!.id} (${values[at - 1]}) before game ${body.data[at]!.id} (${values[at]})`,
          ),
        );
      }
    }
  }
  const verdicts = keys.map((key) => {
    const top = mean(first.body.data, key);
    const bottom = mean(last.body.data, key);
    if (top === undefined || bottom === undefined) return { known: false, holds: true, top, bottom };
    return { known: true, holds: descending ? top >= bottom : top <= bottom, top, bottom };
  });
  if (!verdicts.some((v) => v.known)) return false;
  if (verdicts.some((v) => v.known && v.holds)) return true;
  const shown = verdicts
    .filter((v) => v.known)
    .map((v) => `page 1 ${v.top?.toFixed(1)} vs page ${lastPage} ${v.bottom?.toFixed(1)}`)
    .join('; ');
  const filtered = base.length > 0 ? ` under ${base.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  ctx.fail(
    failureOf(
      first.response,
      `sort=${sort} runs the wrong way${filtered}: the first page's ${what} are ${descending ? 'lower' : 'higher'} than the last page's`,
      `${descending ? 'the highest' : 'the lowest'} ${what} first (mean of page 1 ${descending ? '≥' : '≤'} mean of the last page)`,
      shown,
    ),
  );
}

/**
 * Must-level direction of the named sorts (§4): most votes first, most reviews first, newest
 * before oldest and `oldest` the reverse, the most recently reached first — compared as the
 * mean of the first page against the mean of the last page, which holds under every
 * reasonable key and tie-break; the two sorts whose name has one reading in the summary
 * (`top_voted`: its monthly votes, `most_reviewed`: its review count) also run that way down
 * each page, ties in any order (D22). Over the whole directory, and under generated filters (§4
 * rule 2: the filters combine with the sort, so a sort that goes astray only when a filter is
 * on shows there). Exact keys and ties stay the profile check GAMES-SORT-ORDER's.
 */
export const sortDirection = defineCheck({
  id: 'GAMES-SORT-DIRECTION',
  area: 'games',
  source:
    '§4 GET /games parameters, sort (the names: top_voted, most_reviewed, newest, oldest, recently_online); rule 2',
  level: 'must',
  title: 'Each sort runs the way its name says: most, newest, most recent first; oldest the reverse',
  covers: ['S4.GAMES.SORT'],
  comparesAnswers: true,
  async run(ctx) {
    let compared = 0;
    // Every sort, unfiltered (two requests each): a direction is cheap to see and costly to miss.
    await ctx.sweep(DIRECTIONS, async (direction) => {
      if (await judgeDirection(ctx, [], direction, 50)) compared += 1;
    });
    // Under filters, pages of 10: a filtered result spans pages more often.
    await ctx.property(
      [filterQuery(ctx.discovery, { paging: false }), fc.constantFrom(...DIRECTIONS)],
      async (filter, direction) => {
        const { sort: _sort, ...rest } = withoutForbiddenCombination({ ...filter, sort: direction.sort });
        if (direction.sort === 'recently_online' && rest.connectionType === 'web_only') return;
        if (await judgeDirection(ctx, toQueryPairs(rest), direction, 10)) compared += 1;
      },
      // Two requests a case; every sort first under the tag most of the sampled games carry.
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 4)),
        examples: commonestTag(ctx.discovery).flatMap((tags) =>
          DIRECTIONS.map((direction): [GamesFilter, (typeof DIRECTIONS)[number]] => [{ tags }, direction]),
        ),
      },
    );
    if (compared === 0)
      ctx.skip('the directory fits on one page, or no sort key was present: nothing to compare');
  },
});
