import { defineCheck } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { failureOf } from '../../src/core/expect.ts';
import { fetchGamesPage } from '../harness/games-page.ts';

type Key = (game: GameSummary) => number | undefined;

const time = (value: string | null | undefined) => (value ? Date.parse(value) : undefined);

/**
 * What each sort's name decides, whatever its exact key (D22 leaves keys and ties open): the
 * statistic of the first page against the last page's, over the whole directory. A key that
 * may be read two ways (newest: created or listed) holds if it holds for one of them.
 */
const DIRECTIONS: Array<{ sort: string; what: string; keys: Key[]; descending: boolean }> = [
  { sort: 'top_voted', what: 'monthly votes', keys: [(g) => g.ranking.monthly_votes], descending: true },
  { sort: 'most_reviewed', what: 'review counts', keys: [(g) => g.reviews.count], descending: true },
  {
    sort: 'newest',
    what: 'created or listed times',
    keys: [(g) => time(g.dates.created), (g) => time(g.dates.listed)],
    descending: true,
  },
  {
    sort: 'oldest',
    what: 'created or listed times',
    keys: [(g) => time(g.dates.created), (g) => time(g.dates.listed)],
    descending: false,
  },
  {
    sort: 'recently_online',
    what: 'last successful connections',
    keys: [(g) => time(g.status.last_successful_connect)],
    descending: true,
  },
];

function mean(games: readonly GameSummary[], key: Key): number | undefined {
  const values = games.map(key).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Must-level direction of the named sorts (§4): most votes first, most reviews first, newest
 * before oldest and `oldest` the reverse, the most recently reached first — compared as the
 * mean of the first page against the mean of the last page, which holds under every
 * reasonable key and tie-break. Exact keys and ties stay the profile check GAMES-SORT-ORDER's.
 */
export const sortDirection = defineCheck({
  id: 'GAMES-SORT-DIRECTION',
  area: 'games',
  source:
    '§4 GET /games parameters, sort (the names: top_voted, most_reviewed, newest, oldest, recently_online)',
  level: 'must',
  title: 'Each sort runs the way its name says: most, newest, most recent first; oldest the reverse',
  covers: ['S4.GAMES.SORT'],
  async run(ctx) {
    let compared = 0;
    // Every sort in every run (two requests each): a direction is cheap to see and costly to miss.
    for (const { sort, what, keys, descending } of DIRECTIONS) {
      const first = await fetchGamesPage(ctx, [
        ['sort', sort],
        ['per_page', 50],
      ]);
      const total = first.body.meta.total;
      const lastPage = Math.max(1, Math.ceil(total / 50));
      if (lastPage === 1) continue;
      const last = await fetchGamesPage(ctx, [
        ['sort', sort],
        ['per_page', 50],
        ['page', lastPage],
      ]);
      const verdicts = keys.map((key) => {
        const top = mean(first.body.data, key);
        const bottom = mean(last.body.data, key);
        if (top === undefined || bottom === undefined) return { known: false, holds: true, top, bottom };
        return { known: true, holds: descending ? top >= bottom : top <= bottom, top, bottom };
      });
      if (!verdicts.some((v) => v.known)) continue;
      compared += 1;
      if (verdicts.some((v) => v.known && v.holds)) continue;
      const shown = verdicts
        .filter((v) => v.known)
        .map((v) => `page 1 ${v.top?.toFixed(1)} vs page ${lastPage} ${v.bottom?.toFixed(1)}`)
        .join('; ');
      ctx.fail(
        failureOf(
          first.response,
          `sort=${sort} runs the wrong way: the first page's ${what} are ${descending ? 'lower' : 'higher'} than the last page's`,
          `${descending ? 'the highest' : 'the lowest'} ${what} first (mean of page 1 ${descending ? '≥' : '≤'} mean of the last page)`,
          shown,
        ),
      );
    }
    if (compared === 0)
      ctx.skip('the directory fits on one page, or no sort key was present: nothing to compare');
  },
});
