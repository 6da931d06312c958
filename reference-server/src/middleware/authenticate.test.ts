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

  it('takes only SP and HTAB away around the credentials', () => {
    expect(readCredentials(['Authorization', ' \tBearer abc\t '])).toEqual({ kind: 'token', token: 'abc' });
  });

  // String#trim would take these away (a key followed by a no-break space was accepted).
  it.each(['Bearer abc\u00a0', '\u00a0Bearer abc', 'Bearer abc\f', 'Bearer abc\v', 'Bearer abc\ufeff'])(
    'treats %j, whitespace outside the field syntax around the token, as malformed',
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
