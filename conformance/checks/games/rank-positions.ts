import fc from 'fast-check';
import { defineCheck, type CheckContext } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import type { Profile } from '../../src/core/profile.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { lastPage } from '../harness/last-page.ts';
import { observedGets } from '../harness/observed-gets.ts';
import { isJudgeableSummary } from './support/filter-violations.ts';

/** The parameters a `top_voted` page may carry and still list every active game. */
const UNFILTERED = new Set(['sort', 'page', 'per_page']);

/** A run of games with equal votes on one page: where it starts (index) and its games. */
interface VoteGroup {
  start: number;
  games: GameSummary[];
}

/** Consecutive games of equal monthly votes; undefined when the page is not in descending votes. */
function voteGroups(games: readonly GameSummary[]): VoteGroup[] | undefined {
  const groups: VoteGroup[] = [];
  for (const [index, game] of games.entries()) {
    const last = groups.at(-1);
    const votes = game.ranking.monthly_votes;
    const previous = last?.games[0]!.ranking.monthly_votes;
    if (previous !== undefined && votes > previous) return undefined;
    if (last !== undefined && votes === previous) last.games.push(game);
    else groups.push({ start: index, games: [game] });
  }
  return groups;
}

/** The ranks the profile expects of a group whose first game is at `place` (1-based) in the ranking. */
function expectedRanks(
  ranking: Profile['ranking'],
  votes: number,
  place: number,
  size: number,
): Array<number | null> {
  if (votes === 0 && ranking.unvoted === 'unranked') return Array.from({ length: size }, () => null);
  if (ranking.ties === 'shared') return Array.from({ length: size }, () => place);
  return Array.from({ length: size }, (_, i) => place + i);
}

const sortedRanks = (ranks: ReadonlyArray<number | null>): Array<number | null> =>
  [...ranks].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));

const describeRanks = (ranks: ReadonlyArray<number | null>): string =>
  ranks.map((rank) => (rank === null ? 'null' : String(rank))).join(', ');

/**
 * Judges the whole vote groups of one unfiltered `top_voted` page whose first game is the
 * `offset + 1`-th active game; `last` when no game follows it. Returns how many groups were judged.
 */
function judgePage(
  ctx: CheckContext,
  response: ApiResponse,
  games: readonly GameSummary[],
  offset: number,
  last: boolean,
): number {
  const groups = voteGroups(games);
  // Not in descending votes: GAMES-SORT-DIRECTION's verdict, not this one's.
  if (groups === undefined) return 0;
  let judged = 0;
  for (const [index, group] of groups.entries()) {
    const votes = group.games[0]!.ranking.monthly_votes;
    // A group cut by the page's start or end may hold games on the neighbouring page: its places
    // are not known, unless the games are unranked whatever their places.
    const cut = (index === 0 && offset > 0) || (index === groups.length - 1 && !last);
    if (cut && !(votes === 0 && ctx.profile.ranking.unvoted === 'unranked')) continue;
    judged += 1;
    const place = offset + group.start + 1;
    const want = expectedRanks(ctx.profile.ranking, votes, place, group.games.length);
    const got = group.games.map((game) => game.ranking.rank ?? null);
    if (JSON.stringify(sortedRanks(got)) === JSON.stringify(want)) continue;
    const span =
      group.games.length === 1 ? `place ${place}` : `places ${place}–${place + group.games.length - 1}`;
    ctx.fail(
      failureOf(
        response,
        `sort=top_voted: the ${group.games.length === 1 ? 'game' : `${group.games.length} games`} with ${votes} monthly votes at ${span} of the active games ${group.games.length === 1 ? 'has rank' : 'have ranks'} ${describeRanks(got)}`,
        `${describeRanks(want)}${group.games.length > 1 ? ' (in any order among them)' : ''} — D23: the 1-based position among active games by monthly votes, ${votes === 0 ? 'null without votes' : 'ties broken'} (profile ranking.ties: ${ctx.profile.ranking.ties}, ranking.unvoted: ${ctx.profile.ranking.unvoted})`,
        `ranks ${describeRanks(got)} of games ${group.games.map((game) => game.id).join(', ')}`,
      ),
    );
  }
  return judged;
}

/**
 * When discovery saw every active game: a page holding the first whole group of two or more
 * voted games with equal votes, inside the page (where ranks shared, or not broken, show).
 */
function tiedPage(games: readonly GameSummary[], total: number): Array<{ perPage: number; page: number }> {
  if (games.length !== total) return [];
  const groups = voteGroups(
    [...games].sort((a, b) => b.ranking.monthly_votes - a.ranking.monthly_votes || a.id - b.id),
  );
  for (const group of groups ?? []) {
    if (group.games.length < 2 || group.games[0]!.ranking.monthly_votes === 0) continue;
    const end = group.start + group.games.length - 1;
    for (const perPage of [50, 20, 10]) {
      const page = Math.floor(group.start / perPage) + 1;
      const inside = (group.start % perPage > 0 || page === 1) && Math.floor(end / perPage) + 1 === page;
      if (inside && (end + 1) % perPage !== 0) return [{ perPage, page }];
    }
  }
  return [];
}

/**
 * D23 (open: §2 says only "`rank` integer or null", and rule 1 makes it null for archived games):
 * the rank is the 1-based position among the active games ordered by monthly votes, ties broken
 * (by id, or however the server breaks them: a group of equal votes holds its positions in any
 * order), null without votes. Read off unfiltered `top_voted` pages, which list every active game
 * in descending votes (GAMES-SORT-DIRECTION): the games of a group of equal votes that starts
 * after `n` games hold ranks n+1 … n+k. Only whole groups are judged (one cut by the page's start
 * or end may go on next door), and the games without votes, unranked wherever they are. Profile `ranking.ties: shared` states the competition ranking
 * (1, 2, 2, 4; blind variant `bv2-rank-ties-shared`), `ranking.unvoted: ranked` games without votes
 * ranked after the others (`bv3-unvoted-games-ranked`). First cases: the top of the ranking (a
 * top-voted game left unranked, blind fault `blind33-top-voted-rank-null`), its last page, where
 * the games without votes are, and a page with the first tie among voted games, when discovery
 * saw every game.
 */
export const rankPositions = defineCheck({
  id: 'GAMES-RANK-POSITIONS',
  area: 'games',
  source: '§2 Game summary, ranking.rank (how ranks are numbered: not shown, DECISIONS D23)',
  level: 'profile',
  title: 'Ranks number the active games by monthly votes, from 1, null without votes',
  covers: ['S2.GS.RANKING'],
  decisions: ['D23'],
  async run(ctx) {
    const total = ctx.discovery.totalActiveGames;
    const page = (perPage: number) => fc.integer({ min: 1, max: lastPage(total, perPage) });
    const query = fc
      .constantFrom(10, 20, 50)
      .chain((perPage) => page(perPage).map((number) => ({ perPage, page: number })));
    let judged = 0;
    await ctx.property(
      [query],
      async ({ perPage, page: number }) => {
        const { response, body } = await fetchGamesPage(ctx, [
          ['sort', 'top_voted'],
          ['per_page', perPage],
          ['page', number],
        ]);
        if (!body.data.every(isJudgeableSummary)) return;
        const offset = (number - 1) * perPage;
        judged += judgePage(ctx, response, body.data, offset, offset + body.data.length >= body.meta.total);
      },
      {
        examples: [
          [{ perPage: 50, page: 1 }],
          [{ perPage: 50, page: lastPage(total, 50) }],
          ...tiedPage(ctx.discovery.games, total).map((example) => [example] as [typeof example]),
        ],
      },
    );
    // Every other unfiltered top_voted page the run read.
    ctx.judgeObserved(observedGets(ctx, /^\/games$/), (response) => {
      const params = new URL(response.url).searchParams;
      if (
        [...params.keys()].some((name) => !UNFILTERED.has(name)) ||
        params.getAll('sort').join() !== 'top_voted'
      )
        return false;
      const body = response.body as {
        data?: unknown;
        meta?: { page?: unknown; per_page?: unknown; total?: unknown };
      };
      const { page: number, per_page: perPage, total: count } = body.meta ?? {};
      if (!Array.isArray(body.data) || !body.data.every(isJudgeableSummary)) return false;
      if (![number, perPage, count].every((n) => typeof n === 'number' && Number.isInteger(n))) return false;
      const games = body.data as GameSummary[];
      const offset = ((number as number) - 1) * (perPage as number);
      const groups = judgePage(ctx, response, games, offset, offset + games.length >= (count as number));
      judged += groups;
      return groups > 0;
    });
    if (judged === 0) return ctx.skip('no top_voted page held a whole group of games with equal votes');
  },
});
