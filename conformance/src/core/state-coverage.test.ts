import { describe, expect, it } from 'vitest';
import { runSuiteAgainstReference } from '../../test/run-against-reference.ts';
import type { Discovery } from './discovery.ts';
import { stateCoverage } from './state-coverage.ts';

const discovery = {
  games: [
    { id: 1, status: { last_successful_connect: '2026-11-20T10:00:00Z' } },
    { id: 2, status: { last_successful_connect: null } },
  ],
  webOnlyGameIds: [],
  reviews: [{ id: 9, dates: { edited: null } }],
  archivedGameId: 7,
  gameWithMsspId: 1,
} as unknown as Discovery;

describe('stateCoverage', () => {
  it('tells a state discovered from one named by a hint and from one missing, with what supplies it', () => {
    const states = stateCoverage(discovery, { archivedGameId: 7, statisticsPendingGameId: 3 });
    const of = (name: string) => states.find((s) => s.state === name)!;
    expect(of('archived game')).toMatchObject({ found: 'hint', example: 7 });
    expect(of('game never reached by the crawler')).toMatchObject({ found: 'discovered', example: 2 });
    expect(of('review never edited')).toMatchObject({ found: 'discovered', example: 9 });
    expect(of('edited review')).toMatchObject({ found: 'missing' });
    expect(of('statistics pending')).toMatchObject({ found: 'hint', example: 3 });
    expect(of('statistics unavailable').found).toBe('missing');
    expect(of('statistics unavailable').supply).toMatch(/^--statistics-unavailable-game-id/);
    expect(of('web-only game')).toMatchObject({ found: 'missing', supply: '--web-only-game-id' });
  });

  it('ends the console summary with the states a run without hints did not exercise', async () => {
    const run = await runSuiteAgainstReference({ only: 'TAGS-SCHEMA' });
    expect(run.exitCode, run.output).toBe(0);
    const section = run.output.slice(run.output.indexOf('States not exercised'));
    expect(section).toMatch(/statistics pending \[.*\] — supplied by --statistics-pending-game-id/);
    expect(section).toMatch(/statistics unavailable/);
    expect(section).not.toMatch(/^ {2}archived game \[/m); // discovery finds one on the reference server
  }, 60_000);
});
