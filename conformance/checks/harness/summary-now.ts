/**
 * A game's summary as GET /games shows it now, for checks that compared it with a summary taken
 * earlier (discovery's walk) and must judge a disagreement on data of one moment (D65). Found by
 * searching the game's own name: §4 `q` matches every term in the name, so the game is among
 * the results of a search for the words of its name (a few pages at most).
 */
import type { CheckContext } from '../../src/core/check.ts';
import type { GameSummary } from '../../src/core/discovery.ts';
import { fetchGamesPage } from './games-page.ts';

/** Pages of 50 searched for the game before giving up (a name of common words has many hits). */
const MAX_PAGES = 4;

export async function summaryNow(
  ctx: CheckContext,
  game: { id: number; name: string },
): Promise<GameSummary | undefined> {
  const q = game.name.trim();
  if (q === '') return undefined;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query: [string, string | number][] = [
      ['q', q],
      ['per_page', 50],
      ['page', page],
    ];
    const { body } = await fetchGamesPage(ctx, query, 'to a search for a listed game’s name', {
      fresh: true,
    });
    const found = body.data.find((summary) => summary.id === game.id);
    if (found !== undefined) return found as GameSummary;
    if (body.data.length < 50 || page * 50 >= body.meta.total) return undefined;
  }
  return undefined;
}
