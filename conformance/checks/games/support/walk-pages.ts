/**
 * Walks a GET /games query page by page through `links.next` (the way a client
 * pages), holding the pagination invariants on the way (§1 rule 5, §2 PaginationMeta):
 * `meta.total` is the same on every page, `meta.page` counts up from the first
 * page, no game appears twice (and, when asked, every page after the first links
 * `previous` to the page before it), and a walk that ends (no `next`) has seen exactly
 * `total` games. Walks are capped so checks stay cheap; a capped walk says so.
 */
import { CaseOutOfScope, type CheckContext } from '../../../src/core/check.ts';
import type { GameSummary } from '../../../src/core/discovery.ts';
import type { ApiResponse, QueryPairs } from '../../../src/core/http-client.ts';
import { expectGamesPage, fetchGamesPage } from '../../harness/games-page.ts';
import { failureOf } from '../../../src/core/expect.ts';
import { movedSince } from '../../../src/core/data-moved.ts';
import { linkPairs } from '../../harness/link-query.ts';

/** Page size of walks: the largest, so a walk of `total` ≤ 200 games costs at most four requests. */
export const WALK_PER_PAGE = 50;
export const DEFAULT_MAX_PAGES = 4;

export interface Walk {
  /** The first page's response (what a failure about the whole result points at). */
  response: ApiResponse;
  games: GameSummary[];
  /** `meta.total` (identical on every page). */
  total: number;
  pages: number;
  /** True when the last page was reached (no `next`); false when the cap stopped the walk. */
  complete: boolean;
}

/**
 * `query` must not carry `page` or `per_page`: the walk starts at page 1 of `perPage` games.
 * Every page must be a valid 200; an invariant broken on the way fails the check — but a live
 * directory moves while a client pages (a game archived, one updated and sorted anew: D63), so a
 * total that changes, a game seen twice or a count that misses the total is walked again once,
 * afresh, and fails only if the second walk breaks it too — and its first page, asked again, still
 * answers as it did: a first page answered otherwise (another total, other games) shows the directory
 * moved during the second walk as well (one growing every few requests never holds still for a walk),
 * and the case has no verdict (CaseOutOfScope: a property's case passes, said in the log; a walk
 * outside a property skips its check).
 */
export async function walkPages(
  ctx: CheckContext,
  query: QueryPairs,
  maxPages: number = DEFAULT_MAX_PAGES,
  perPage: number = WALK_PER_PAGE,
  {
    fresh = false,
    /** Judge each page's `previous` link too (GAMES-WALK-COMPLETE: one check owns the rule). */
    previousLinks = false,
  } = {},
): Promise<Walk> {
  return (
    (await walkOnce(ctx, query, maxPages, perPage, fresh, false, previousLinks)) ??
    ((await walkOnce(ctx, query, maxPages, perPage, true, true, previousLinks)) as Walk)
  );
}

/**
 * One walk (`fresh`: past the run's cache); `final`: a broken invariant fails the check, else
 * one that data moving explains gives undefined.
 */
async function walkOnce(
  ctx: CheckContext,
  query: QueryPairs,
  maxPages: number,
  perPage: number,
  fresh: boolean,
  final: boolean,
  previousLinks: boolean,
): Promise<Walk | undefined> {
  const first = await fetchGamesPage(ctx, [...query, ['per_page', perPage]], undefined, { fresh });
  const total = first.body.meta.total;
  /** Before a broken invariant fails the second walk: no verdict if the first page has moved since. */
  const unlessMoved = async (invariant: string): Promise<void> => {
    const again = async () =>
      (await fetchGamesPage(ctx, [...query, ['per_page', perPage]], undefined, { fresh: true })).response;
    if (await movedSince(first.response, again))
      throw new CaseOutOfScope(
        `the directory moved during both walks of one query (${invariant}; its first page answered otherwise when asked again): no verdict (D62)`,
      );
  };
  const games: GameSummary[] = [];
  const seenOn = new Map<number, number>();
  let page = first;
  let pages = 0;
  for (;;) {
    pages += 1;
    const { body, response } = page;
    if (body.meta.total !== total) {
      if (!final) return undefined;
      await unlessMoved(`meta.total ${total} on page 1, ${body.meta.total} on page ${pages}`);
      ctx.fail(
        failureOf(
          response,
          `meta.total changed while walking the pages of one query (page ${body.meta.page})`,
          `${total} (as on page 1)`,
          `${body.meta.total}`,
        ),
      );
    }
    if (body.meta.page !== pages) {
      ctx.fail(
        failureOf(
          response,
          'Following links.next did not lead to the next page',
          `meta.page ${pages}`,
          `meta.page ${body.meta.page}`,
        ),
      );
    }
    // A page reached by `next` has a page before it: `previous` is present (§1 rule 5, D39) and
    // names that page (PaginationLinks "include page"), whatever else the link carries (D40).
    if (previousLinks && pages >= 2) {
      const previous = body.links.previous;
      const named =
        previous === undefined
          ? []
          : (linkPairs(previous) ?? []).filter(([name]) => name === 'page').map(([, value]) => value);
      if (named.length !== 1 || !/^\d+$/.test(named[0]!) || Number(named[0]) !== pages - 1) {
        ctx.fail(
          failureOf(
            response,
            previous === undefined
              ? `links.previous is missing on page ${pages}, reached by following links.next`
              : `links.previous on page ${pages} does not name page ${pages - 1}`,
            `links.previous with page=${pages - 1}`,
            previous === undefined ? 'no links.previous' : `links.previous ${previous}`,
          ),
        );
      }
    }
    for (const game of body.data) {
      const earlier = seenOn.get(game.id);
      if (earlier !== undefined) {
        if (!final) return undefined;
        await unlessMoved(`game ${game.id} on pages ${earlier} and ${pages}`);
        ctx.fail(
          failureOf(
            response,
            `Game ${game.id} appears on page ${earlier} and again on page ${pages} of one query`,
            'every game at most once across the pages',
            `game ${game.id} twice`,
          ),
        );
      }
      seenOn.set(game.id, pages);
      games.push(game);
    }
    const next = body.links.next;
    if (next === undefined) {
      if (games.length !== total) {
        if (!final) return undefined;
        await unlessMoved(`${games.length} games walked of a total of ${total}`);
        ctx.fail(
          failureOf(
            response,
            `Walking every page gave ${games.length} games but meta.total is ${total}`,
            `${total} games over ${pages} page(s)`,
            `${games.length} games (last page ${pages} has no links.next)`,
          ),
        );
      }
      return { response: first.response, games, total, pages, complete: true };
    }
    if (games.length >= total) {
      ctx.fail(
        failureOf(
          response,
          `links.next is present on page ${pages} although its games complete meta.total`,
          'no links.next on the last page',
          `links.next ${next}`,
        ),
      );
    }
    if (pages >= maxPages) return { response: first.response, games, total, pages, complete: false };
    page = expectGamesPage(
      ctx,
      await ctx.client.getAbsolute(next, fresh ? { fresh: true } : {}),
      `to its own links.next (${next})`,
    );
  }
}
