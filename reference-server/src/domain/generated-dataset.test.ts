import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../../fixtures/src/generate.ts';
import { loadSpecValidator } from '../../../spec/src/spec-loader.ts';
import { activityPattern } from './activity-pattern.ts';
import type { DomainResult } from './domain-result.ts';
import { msspSnapshot } from './mssp.ts';
import { playerHistory } from './player-history.ts';
import { gameStatistics } from './statistics.ts';

// The domain modules against the generated directory (every profile), not only hand-built games.
const ANCHOR = Date.parse('2026-03-15T09:17:00Z') / 1000;
const NOW_MS = ANCHOR * 1000;
const dataset = generateDataset({ seed: 20_260_315, games: 60, anchor: ANCHOR });

/** Component-schema errors of every 200 body, keyed by game id; 503 is allowed (D15). */
async function schemaErrors(
  component: string,
  answer: (game: (typeof dataset.games)[number]) => DomainResult<unknown>,
): Promise<Record<number, string[]>> {
  const validator = await loadSpecValidator();
  const errors: Record<number, string[]> = {};
  for (const game of dataset.games) {
    const result = answer(game);
    if ('error' in result) {
      if (result.error.status !== 503) errors[game.id] = [JSON.stringify(result.error)];
      continue;
    }
    const outcome = validator.validateComponent(component, result.ok);
    if (!outcome.valid) errors[game.id] = outcome.errors;
  }
  return errors;
}

describe('domain modules on a generated dataset', () => {
  it('produce valid MSSP responses for every game', async () => {
    expect(await schemaErrors('MsspResponse', (game) => msspSnapshot(game))).toEqual({});
  });

  it('report PLAYERS of every snapshot as a number', () => {
    const players = dataset.games
      .map((game) => msspSnapshot(game))
      .flatMap((result) => ('ok' in result && result.ok.data?.values ? [result.ok.data.values.players] : []));

    expect(players.every((value) => Number.isInteger(value))).toBe(true);
  });

  it('produce valid raw player histories for every game', async () => {
    const errors = await schemaErrors('PlayerHistoryResponse', (game) =>
      playerHistory(game, { granularity: 'raw' }, NOW_MS),
    );

    expect(errors).toEqual({});
  });

  it('produce valid hourly statistics or 503 for every game', async () => {
    const errors = await schemaErrors('StatisticsResponse', (game) =>
      gameStatistics(game, { resolution: 'hourly', from: '2026-02-14' }, NOW_MS),
    );

    expect(errors).toEqual({});
  });

  it('produce valid activity patterns or 503 for every game', async () => {
    const errors = await schemaErrors('ActivityPatternResponse', (game) =>
      activityPattern(game, { timezone: 'Europe/Berlin' }, NOW_MS),
    );

    expect(errors).toEqual({});
  });
});
