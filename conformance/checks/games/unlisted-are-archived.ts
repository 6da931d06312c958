import { defineCheck } from '../../src/core/check.ts';
import { failWith } from '../../src/core/expect.ts';
import type { GameDetail } from '../../src/core/discovery.ts';
import { spreadOrder } from '../harness/spread-order.ts';
import { unlistedIds } from '../harness/unlisted-ids.ts';
import { summaryNow } from '../harness/summary-now.ts';
import { judgeUnlistedAnswer } from '../harness/unlisted-answer.ts';

/**
 * §3: an active listing appears in collections; only archived ones are left out (and stay
 * reachable by id). So when discovery read the whole collection, an id missing from it that
 * still answers must be an archived game: a server that drops active games from /games (data
 * and total alike, so no page walk can tell) fails here. The gaps are looked up as many as the
 * run's budget allows, most telling first: the games of the reviews GET /reviews showed (it
 * leaves archived games' reviews out, so a game named there is active, §4), then the rest spread
 * over the id range (ids that never existed or were deleted come in runs; an id order would spend
 * a small budget on one run of them). An id that is no game answers 404 game_not_found: a 410 for
 * an id once given out, or a 500, fails (blind fault set 37).
 */
export const unlistedAreArchived = defineCheck({
  id: 'GAMES-UNLISTED-ARE-ARCHIVED',
  area: 'games',
  source: '§3 states table (active: appears in collections; archived: excluded, direct lookup by id)',
  level: 'must',
  title: 'A game missing from the whole collection is archived',
  covers: ['S3.ACTIVE', 'S4.GAMES.ARCHIVED'],
  comparesAnswers: true,
  async run(ctx) {
    const { games, totalActiveGames } = ctx.discovery;
    if (games.length < totalActiveGames) {
      return ctx.skip(
        `discovery read ${games.length} of ${totalActiveGames} listed games: only a complete listing tells a missing game`,
      );
    }
    const listed = new Set(games.map((g) => g.id));
    const { gaps, edges } = unlistedIds(listed);
    const reviewed = new Set(
      ctx.discovery.reviews
        .filter((review) => review.game?.archived !== true)
        .map((review) => review.game?.id)
        .filter((id): id is number => typeof id === 'number'),
    );
    // The games active reviews name (GET /reviews leaves archived games' out, §4) that the
    // listing lacks, inside its id range or not: an empty listing beside active reviews too.
    const named = [...reviewed].filter((id) => !listed.has(id)).sort((a, b) => a - b);
    if (gaps.length === 0 && named.length === 0)
      return ctx.skip(
        'the listed ids have no gaps and every active review names a listed game: nothing to look up',
      );
    let found = 0;
    const lookUp = async (id: number) => {
      const response = await ctx.client.get(`/games/${id}`);
      // Never existed, or deleted: 404 game_not_found (§4), nothing more to say; any other status
      // than those fails.
      if (!judgeUnlistedAnswer(response, `GET /games/${id}`, 'game_not_found')) return;
      found += 1;
      const detail = (response.body as { data?: GameDetail } | undefined)?.data;
      const status = detail?.status;
      if (status?.archived !== true && typeof detail?.name === 'string') {
        // D65: discovery's walk may have missed a game that moved ahead while it paged (an edit
        // puts it first in last_updated): a search for its name tells whether it is listed now.
        // A search finding it in a directory whose whole listing is empty is no moved data,
        // though: a filter never lists more than the collection.
        if ((await summaryNow(ctx, { id, name: detail.name })) !== undefined) {
          const whole = await ctx.client.get('/games', { query: [['per_page', 1]], fresh: true });
          const total = (whole.body as { meta?: { total?: unknown } } | undefined)?.meta?.total;
          if (typeof total !== 'number' || total > 0) {
            ctx.log(`game ${id} was missed by discovery's walk but is listed now (the data moved)`);
            return;
          }
        }
      }
      if (status?.archived !== true) {
        failWith(
          response,
          `Game ${id} is active but missing from GET /games (data and meta.total)`,
          'every active game in the collection; a game left out of it is archived (§3)',
          `GET /games/${id}: status.archived ${JSON.stringify(status?.archived)}, absent from all ${totalActiveGames} listed games`,
        );
      }
    };
    // As many as the budget allows (one for a minimal verdict), most telling first: the games
    // active reviews name, then the first of the gaps (an id inside the range the directory gave
    // out: a server answering such an id otherwise than 200 or 404 — a 410 for an id once given
    // out — shows there, not past the largest), then the edges, a handful of ids — the ids below
    // the smallest listed, a few past the largest (the newest games, which a listing read from a
    // store that lags behind the writes leaves out; or, when the collection lists none, the first
    // ids) — then the other gaps, spread.
    const beyond = edges.filter((id) => !reviewed.has(id));
    const rest = spreadOrder(gaps.filter((id) => !reviewed.has(id)));
    await ctx.sweep([...named, ...rest.slice(0, 1), ...beyond, ...rest.slice(1)], lookUp);
    ctx.log(`${found} unlisted games answered by id, all archived`);
  },
});
