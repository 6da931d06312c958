/**
 * The must checks that hold the explicit sentences found inside open-point (profile) checks:
 * each passes against the reference server and every legitimate variant, and fails against a
 * server that breaks its sentence — a proxy in front of the reference server rewriting one
 * kind of answer, as no deliberate fault of reference-server/src/faults.ts breaks these.
 */
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../reference-server/src/variants.ts';
import { proxyInFront, type Rewrite } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

const CHECKS = [
  'GAMES-BEYOND-LAST-PAGE-LINKS',
  'GAMES-LISTING-URL-IN-SUMMARY',
  'GAMES-WEB-ONLY-IN-SUMMARY',
  'GAMES-REVIEW-FIGURES-CONSISTENT',
  'PROTOCOL-LEGACY-ENDPOINT-BODY',
];

interface Page {
  data: Array<{
    urls: Record<string, unknown>;
    reviews: Record<string, unknown>;
    status: Record<string, unknown>;
  }>;
  meta: { page: number; per_page: number; total: number };
  links: { self: string; next?: string; previous?: string };
}

/** Rewrites the 200 answers of GET /games. */
function gamesPages(change: (page: Page) => void): Rewrite {
  return (url, answer) => {
    if (!url.pathname.endsWith('/games') || answer.status !== 200) return undefined;
    const page = JSON.parse(answer.text) as Page;
    change(page);
    return { ...answer, text: JSON.stringify(page) };
  };
}

const BROKEN: Array<{ check: string; breaks: string; rewrite: Rewrite }> = [
  {
    check: 'GAMES-BEYOND-LAST-PAGE-LINKS',
    breaks: 'a page beyond the last links back to the (empty) page before it',
    rewrite: gamesPages((page) => {
      if (page.meta.page < 2 || page.links.previous !== undefined) return;
      const previous = new URL(page.links.self);
      previous.searchParams.set('page', String(page.meta.page - 1));
      page.links.previous = previous.toString();
    }),
  },
  {
    check: 'GAMES-BEYOND-LAST-PAGE-LINKS',
    breaks: 'a page beyond the last answers 500',
    rewrite: (url, answer) => {
      if (!url.pathname.endsWith('/games') || answer.status !== 200) return undefined;
      const page = JSON.parse(answer.text) as Page;
      if (page.meta.page <= Math.ceil(page.meta.total / page.meta.per_page) + 1) return undefined;
      return {
        ...answer,
        status: 500,
        text: JSON.stringify({
          error: { code: 'internal_error', message: 'page out of range' },
          request_id: 'x',
        }),
      };
    },
  },
  {
    check: 'GAMES-LISTING-URL-IN-SUMMARY',
    breaks: 'game summaries lack the listing-page URL',
    rewrite: gamesPages((page) => page.data.forEach((game) => delete game.urls.mudverse)),
  },
  {
    check: 'GAMES-WEB-ONLY-IN-SUMMARY',
    breaks: "web-only games' summaries have urls.play null",
    rewrite: gamesPages((page) =>
      page.data.forEach((game) => {
        if (game.status.web_only === true) game.urls.play = null;
      }),
    ),
  },
  {
    check: 'GAMES-REVIEW-FIGURES-CONSISTENT',
    breaks: 'an unrated game has average_rating 0',
    rewrite: gamesPages((page) =>
      page.data.forEach((game) => {
        if (game.reviews.rating_count === 0) game.reviews.average_rating = 0;
      }),
    ),
  },
  {
    check: 'PROTOCOL-LEGACY-ENDPOINT-BODY',
    breaks: 'the 410 of /json.php is plain text',
    rewrite: (url, answer) =>
      url.pathname.endsWith('/json.php') && answer.status === 410
        ? { ...answer, headers: { ...answer.headers, 'content-type': 'text/plain' }, text: 'Gone' }
        : undefined,
  },
];

describe('must checks of the explicit sentences inside open points', () => {
  it('pass against the reference server', async () => {
    const run = await runSuiteAgainstReference({ only: CHECKS.join(','), runs: 20 });
    expect(run.exitCode, run.output).toBe(0);
    expect(
      run.results
        .filter((r) => r.status === 'pass')
        .map((r) => r.id)
        .sort(),
    ).toEqual([...CHECKS].sort());
  }, 60_000);

  it.each(VARIANTS.map((variant) => variant.name))(
    'pass against the variant %s',
    async (variant) => {
      const run = await runSuiteAgainstReference({ only: CHECKS.join(','), runs: 20, variants: [variant] });
      expect(run.exitCode, run.output).toBe(0);
      expect(
        run.results
          .filter((r) => r.status === 'pass')
          .map((r) => r.id)
          .sort(),
      ).toEqual([...CHECKS].sort());
    },
    60_000,
  );

  it.each(['web-only-play-null', 'web-only-connection-present'])(
    'GAMES-WEB-ONLY-IN-SUMMARY fails against the fault %s',
    async (fault) => {
      const run = await runSuiteAgainstReference({
        only: 'GAMES-WEB-ONLY-IN-SUMMARY',
        runs: 20,
        faults: [fault],
      });
      expect(run.failing, run.output).toEqual(['GAMES-WEB-ONLY-IN-SUMMARY']);
    },
    60_000,
  );

  it.each(BROKEN.map(({ check, breaks, rewrite }) => [check, breaks, rewrite] as const))(
    '%s fails when %s',
    async (check, _breaks, rewrite) => {
      const run = await runSuiteAgainstReference({
        only: check,
        runs: 20,
        frontedBy: proxyInFront({ rewriteAnswer: rewrite }),
      });
      expect(run.failing, run.output).toEqual([check]);
    },
    60_000,
  );
});
