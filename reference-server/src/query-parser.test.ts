import { describe, expect, it } from 'vitest';
import { parseQueryString, rawQueryOf } from './query-parser.ts';

describe('parseQueryString', () => {
  it('keeps a single value as a string', () => {
    expect({ ...parseQueryString('a=1') }).toEqual({ a: '1' });
  });

  it('collects repeated names into an array in request order', () => {
    expect({ ...parseQueryString('a[]=2&a[]=1') }).toEqual({ 'a[]': ['2', '1'] });
  });

  it('keeps brackets in names without nesting', () => {
    expect(Object.keys(parseQueryString('a[b][c]=1'))).toEqual(['a[b][c]']);
  });

  it('makes __proto__ an ordinary parameter without touching prototypes', () => {
    const query = parseQueryString('__proto__=x&constructor=y');
    expect([
      query['__proto__'],
      query['constructor'],
      Object.getPrototypeOf(query),
      ({} as { x?: unknown }).x,
    ]).toEqual(['x', 'y', null, undefined]);
  });

  it('leaves a broken escape literal', () => {
    expect(parseQueryString('q=%zz').q).toBe('%zz');
  });

  it('decodes + as a space', () => {
    expect(parseQueryString('q=a+b').q).toBe('a b');
  });

  it('parses an absent query as empty', () => {
    expect(Object.keys(parseQueryString(undefined))).toEqual([]);
  });
});

describe('rawQueryOf', () => {
  it('returns the query as sent', () => {
    expect(rawQueryOf('/api/v1/games?b=2&a=%5B')).toBe('b=2&a=%5B');
  });
});
