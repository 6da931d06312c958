import { describe, expect, it } from 'vitest';
import { isApiLink } from './http-client.ts';

describe('isApiLink', () => {
  const base = 'http://127.0.0.1:8080/api/v1';
  it('takes links under the base path on the tested origin, and under /api/v1 on another', () => {
    expect(isApiLink('http://127.0.0.1:8080/api/v1/games/5', base)).toBe(true);
    expect(isApiLink('https://api.example.org/api/v1/games/5', base)).toBe(true);
  });
  it('leaves pages outside the API alone, on either origin', () => {
    expect(isApiLink('http://127.0.0.1:8080/games/5', base)).toBe(false);
    expect(isApiLink('http://127.0.0.1:8080/api/v10/games/5', base)).toBe(false);
    expect(isApiLink('https://mudverse.example/games/5', base)).toBe(false);
  });
});
