import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes.ts';

describe('matchRoute', () => {
  it('matches a path template and decodes its parameter', () => {
    const match = matchRoute('/games/%31%32/players');
    expect([match?.route.operationId, match?.params.gameId]).toEqual(['getGamePlayers', '12']);
  });

  it('passes a broken escape on as an undefined parameter', () => {
    const match = matchRoute('/games/%zz');
    expect([match?.route.operationId, match?.params.gameId]).toEqual(['getGame', undefined]);
  });

  it('ignores one trailing slash', () => {
    expect(matchRoute('/reviews/')?.route.operationId).toBe('listReviews');
  });

  it('is case-sensitive', () => {
    expect(matchRoute('/Tags')).toBeUndefined();
  });

  it('does not match an empty parameter', () => {
    expect(matchRoute('/games//mssp')).toBeUndefined();
  });
});
