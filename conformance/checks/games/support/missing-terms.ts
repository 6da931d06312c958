/**
 * §4 `q`: every term must occur somewhere in the game's name, intro or full
 * description. Matching is judged case-insensitively (D21): a case-sensitive
 * server's matches pass too. The description comes from GET /games/{id}, so
 * detail fetches are capped per case.
 */
import type { CheckContext } from '../../../src/core/check.ts';
import type { GameSummary } from '../../../src/core/discovery.ts';
import { failureOf } from '../../../src/core/expect.ts';
import type { Failure } from '../../../src/core/check.ts';
import type { ApiResponse } from '../../../src/core/http-client.ts';

/** The terms not in `text`, compared case-insensitively (D21). */
export function missingIn(text: string, terms: string[]): string[] {
  const haystack = text.toLowerCase();
  return terms.filter((term) => !haystack.includes(term.toLowerCase()));
}

export interface TermsJudgement {
  /** Games with a term found nowhere, and the terms. */
  violations: Array<{ gameId: number; missing: string[] }>;
  /** Games that needed their description but were beyond the detail-fetch cap. */
  unjudged: number;
}

export async function missingTerms(
  ctx: CheckContext,
  games: GameSummary[],
  terms: string[],
  maxDetailFetches: number,
  /** Read the descriptions past the run's cache. */
  { fresh = false } = {},
): Promise<TermsJudgement> {
  const judgement: TermsJudgement = { violations: [], unjudged: 0 };
  let fetches = 0;
  for (const game of games) {
    const missing = missingIn(`${game.name}\n${game.intro}`, terms);
    if (missing.length === 0) continue;
    if (fetches >= maxDetailFetches) {
      judgement.unjudged += 1;
      continue;
    }
    fetches += 1;
    const response = await ctx.client.get(`/games/${game.id}`, fresh ? { fresh } : {});
    const description = (response.body as { data?: { description?: unknown } } | undefined)?.data
      ?.description;
    if (response.status !== 200 || typeof description !== 'string') {
      ctx.fail(
        failureOf(
          response,
          `Game ${game.id}, listed by GET /games, has no readable detail (needed for its description)`,
          '200 with data.description a string',
          `${response.status}`,
        ),
      );
    }
    const stillMissing = missingIn(description, missing);
    if (stillMissing.length > 0) judgement.violations.push({ gameId: game.id, missing: stillMissing });
  }
  return judgement;
}

/**
 * The failure of the first game a judgement found lacking a term of `q` (undefined when none
 * did), on the search's response: `note` says which rule the terms were read under.
 */
export function lacksTermFailure(
  response: ApiResponse,
  q: string,
  judgement: TermsJudgement,
  note = '',
): Failure | undefined {
  const first = judgement.violations[0];
  if (first === undefined) return undefined;
  return failureOf(
    response,
    `Game ${first.gameId} is returned for q=${JSON.stringify(q)} but lacks a term${note ? ` (${note})` : ''}`,
    'every term of q in the name, intro or description (§4 GET /games, q)',
    `game ${first.gameId} has no ${first.missing.map((term) => JSON.stringify(term)).join(', ')} in name, intro or description`,
  );
}
