import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpecValidator, type SpecValidator } from '../../../spec/src/spec-loader.ts';
import {
  documentedErrorCodes,
  latestLeapDay,
  parameterEdges,
  type ParameterEdge,
} from './parameter-edges.ts';

let spec: SpecValidator;
beforeAll(async () => {
  spec = await loadSpecValidator();
});

const TODAY = '2026-11-26';
const edgesOf = (operationId: string, param: string, valid: boolean): string[] =>
  parameterEdges(spec, spec.operation(operationId), TODAY)
    .filter((edge: ParameterEdge) => edge.param === param && edge.valid === valid)
    .map((edge) => edge.value);

describe('parameterEdges (read from spec/openapi.yaml)', () => {
  it('gives both edges of a range: per_page 1 and 50 valid, 0 and 51 invalid', () => {
    for (const operationId of ['listGames', 'listReviews']) {
      expect(edgesOf(operationId, 'per_page', true)).toEqual(['50', '1']);
      expect(edgesOf(operationId, 'page', true)).toEqual(['1']);
    }
    // An integer's fraction past its minimum, where the server refuses; /reviews clamps (D19).
    expect(edgesOf('listGames', 'per_page', false)).toEqual(['51', '0', '1.5']);
    expect(edgesOf('listGames', 'page', false)).toEqual(['0', '1.5']);
    expect(edgesOf('listReviews', 'per_page', false)).toEqual(['51', '0']);
    expect(edgesOf('listReviews', 'page', false)).toEqual(['0']);
  });

  it('gives every enum value as valid and a value outside it as invalid', () => {
    expect(edgesOf('listGames', 'connection_type', true)).toEqual(['all', 'web_only', 'mud_client']);
    expect(edgesOf('listGames', 'connection_type', false)).toEqual(['bogus']);
    expect(edgesOf('getGamePlayers', 'granularity', true)).toEqual(['daily', 'raw']);
    expect(edgesOf('listGames', 'has_reviews', true)).toEqual(['1']);
    expect(edgesOf('listGames', 'has_reviews', false)).toEqual(['0', '2']);
  });

  it('gives the named values of a string without enum as valid only (sort falls back, §4)', () => {
    expect(edgesOf('listGames', 'sort', true)).toHaveLength(6);
    expect(edgesOf('listGames', 'sort', false)).toEqual([]);
  });

  it('takes array parameters at their items: tag id 1 valid, 0 and 1.5 invalid, in both spellings', () => {
    for (const param of ['codebase_tag_id[]', 'codebase_tag_id']) {
      expect(edgesOf('listGames', param, true)).toEqual(['1']);
      expect(edgesOf('listGames', param, false)).toEqual(['0', '1.5']);
    }
  });

  it('gives dates at today and a leap day, and a non-day and another shape as invalid', () => {
    expect(edgesOf('getGamePlayers', 'from', true)).toEqual([TODAY, '2024-02-29']);
    expect(edgesOf('getGamePlayers', 'to', false)).toEqual(['2025-02-29', '2026/11/26']);
  });

  it('gives path ids their minimum, the value below it and a fraction', () => {
    expect(edgesOf('getGame', 'gameId', true)).toEqual(['1']);
    expect(edgesOf('getReview', 'reviewId', false)).toEqual(['0', '1.5']);
  });

  it('leaves unconstrained parameters out (q)', () => {
    expect(parameterEdges(spec, spec.operation('listGames'), TODAY).some((e) => e.param === 'q')).toBe(false);
  });
});

describe('latestLeapDay', () => {
  it('is this year’s 29 February once it has passed, else an earlier one', () => {
    expect(latestLeapDay('2028-03-01')).toBe('2028-02-29');
    expect(latestLeapDay('2028-02-29')).toBe('2028-02-29');
    expect(latestLeapDay('2028-02-28')).toBe('2024-02-29');
    expect(latestLeapDay('2101-01-01')).toBe('2096-02-29');
  });
});

describe('documentedErrorCodes', () => {
  it('reads the code an operation documents for a status', () => {
    expect(documentedErrorCodes(spec.operation('listGames'), 422)).toEqual(['invalid_filter']);
    expect(documentedErrorCodes(spec.operation('getGamePlayers'), 422)).toEqual(['invalid_date_range']);
    expect(documentedErrorCodes(spec.operation('listReviews'), 422)).toEqual([]);
    expect(documentedErrorCodes(spec.operation('getGame'), 404)).toEqual([
      'game_not_found',
      'route_not_found',
    ]);
  });
});
