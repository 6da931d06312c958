import { describe, expect, it } from 'vitest';
import { collection, lastPage, pageLink } from './pagination.ts';

const BASE = 'http://h/api/v1/games';

describe('pagination', () => {
  it('replaces page in place and keeps the other parameters in order', () => {
    expect(pageLink(BASE, 'sort=newest&page=4&q=a+b', 5)).toBe(`${BASE}?sort=newest&page=5&q=a+b`);
  });

  it('appends page when the request had none', () => {
    expect(pageLink(BASE, 'sort=newest', 1)).toBe(`${BASE}?sort=newest&page=1`);
  });

  it('keeps repeated parameters', () => {
    expect(pageLink(BASE, 'theme_tag_id%5B%5D=1&theme_tag_id%5B%5D=2', 2)).toBe(
      `${BASE}?theme_tag_id%5B%5D=1&theme_tag_id%5B%5D=2&page=2`,
    );
  });

  it('gives an empty collection one (empty) page', () => {
    expect(lastPage(0, 20)).toBe(1);
  });

  it('builds meta from the request', () => {
    const result = collection([1, 2], { page: 2, perPage: 2, total: 5, resourceUrl: BASE, rawQuery: '' });
    expect(result.meta).toEqual({ page: 2, per_page: 2, total: 5 });
  });

  it('links both ways from a middle page', () => {
    const { links } = collection([], { page: 2, perPage: 2, total: 5, resourceUrl: BASE, rawQuery: '' });
    expect(links).toEqual({ self: `${BASE}?page=2`, next: `${BASE}?page=3`, previous: `${BASE}?page=1` });
  });

  it('links the page after the last back to the last (D39)', () => {
    const { links } = collection([], { page: 4, perPage: 2, total: 5, resourceUrl: BASE, rawQuery: '' });
    expect(links).toEqual({ self: `${BASE}?page=4`, previous: `${BASE}?page=3` });
  });

  it('has no links but self two pages past the last (D39)', () => {
    const { links } = collection([], { page: 5, perPage: 2, total: 5, resourceUrl: BASE, rawQuery: '' });
    expect(links).toEqual({ self: `${BASE}?page=5` });
  });
});
