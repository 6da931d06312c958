import { describe, expect, it } from 'vitest';
import { linkPairs, linkQueryProblems, normalPairs } from './link-query.ts';

describe('linkQueryProblems', () => {
  const request = normalPairs([
    ['q', 'dark  realm'],
    ['codebase_tag_id[]', 120],
    ['codebase_tag_id[]', 121],
    ['per_page', 5],
  ]);

  it('accepts another order and encoding with the right page', () => {
    const link = linkPairs(
      'http://h/api/v1/games?per_page=5&codebase_tag_id%5B%5D=121&q=dark++realm&page=2&codebase_tag_id[]=120',
    );
    expect(linkQueryProblems(request, link ?? [], 2, [])).toEqual([]);
  });

  it('reports a dropped parameter and a wrong page', () => {
    const link = linkPairs('http://h/api/v1/games?q=dark%20%20realm&per_page=5&page=3&codebase_tag_id[]=120');
    expect(linkQueryProblems(request, link ?? [], 2, [])).toEqual([
      'page should be 2 exactly once, found [3]',
      'request parameter codebase_tag_id="121" is missing',
    ]);
  });

  it('tolerates a spelled-out default only when the request left it out', () => {
    const link = linkPairs('http://h/api/v1/games?sort=last_updated&page=1');
    expect(linkQueryProblems([], link ?? [], 1, [['sort', 'last_updated']])).toEqual([]);
    expect(linkQueryProblems([], link ?? [], 1, [])).toEqual([
      'parameter "sort=last_updated" was not in the request',
    ]);
  });

  it('refuses relative links', () => {
    expect(linkPairs('/api/v1/games?page=1')).toBeUndefined();
  });
});
