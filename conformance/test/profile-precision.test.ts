/**
 * A team's profile can state a precision the description leaves open (D41): a server that
 * rounds `average_rating` to one decimal fails the profile check under our profile (two
 * decimals) and passes it, with --fail-on-profile, under a profile that says one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proxyInFront } from './proxy-in-front.ts';
import { runSuiteAgainstReference } from './run-against-reference.ts';

type Games = { data: unknown };
type Reviews = { reviews: { average_rating: number | null } };

/** Every game's average_rating rounded to one decimal, in collections and details alike. */
const oneDecimal = proxyInFront({
  rewriteAnswer: (url, answer) => {
    if (answer.status !== 200 || !/\/games(\/\d+)?$/.test(url.pathname)) return undefined;
    const body = JSON.parse(answer.text) as Games;
    const games = (Array.isArray(body.data) ? body.data : [body.data]) as Reviews[];
    for (const game of games) {
      const average = game.reviews.average_rating;
      if (average !== null) game.reviews.average_rating = Math.round(average * 10) / 10;
    }
    return { ...answer, text: JSON.stringify(body) };
  },
});

describe('average_rating precision in the profile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'precision-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const only = 'REVIEWS-COUNTS-MATCH-GAMES,GAMES-REVIEW-FIGURES-CONSISTENT';

  it('one decimal fails the profile check under our profile (two decimals)', async () => {
    const run = await runSuiteAgainstReference({ only, frontedBy: oneDecimal, failOnProfile: true });
    expect(run.failing).toEqual(['REVIEWS-COUNTS-MATCH-GAMES']);
  }, 120_000);

  it('and passes it, with --fail-on-profile, under a profile that says one', async () => {
    const profile = join(dir, 'profile.yaml');
    writeFileSync(profile, 'averageRatingDecimals: 1\n');
    const run = await runSuiteAgainstReference({ only, frontedBy: oneDecimal, failOnProfile: true, profile });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.results.map((r) => r.status)).toEqual(['pass', 'pass']);
  }, 120_000);
});
