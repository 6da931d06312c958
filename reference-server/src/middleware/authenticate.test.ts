import { describe, expect, it } from 'vitest';
import { readCredentials } from './authenticate.ts';

describe('readCredentials (D51)', () => {
  it('reports a missing header', () => {
    expect(readCredentials(['Host', 'h'])).toEqual({ kind: 'missing' });
  });

  it('reads a Bearer token', () => {
    expect(readCredentials(['Authorization', 'Bearer abc.DEF-1'])).toEqual({
      kind: 'token',
      token: 'abc.DEF-1',
    });
  });

  it('accepts the scheme in any case', () => {
    expect(readCredentials(['authorization', 'bearer abc'])).toEqual({ kind: 'token', token: 'abc' });
  });

  it.each(['', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'Bearer ä', 'Token abc'])(
    'treats %j as malformed',
    (value) => {
      expect(readCredentials(['Authorization', value])).toEqual({ kind: 'malformed' });
    },
  );

  it('treats two Authorization headers as malformed', () => {
    expect(readCredentials(['Authorization', 'Bearer a', 'authorization', 'Bearer a'])).toEqual({
      kind: 'malformed',
    });
  });
});
