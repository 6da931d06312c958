import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collection, lastPage, pageLink, paginationLinks } from './pagination.ts';

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

  it('links every page as pageLink does, whatever the raw query holds (its mark included)', () => {
    const piece = fc.oneof(
      fc.constantFrom('page', 'PAGE0MARK', 'q', 'sort', '%5B%5D', '+', '%20', '&', '=', '%', 'é', '%00'),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 500 }),
        (rawQuery, page, total) => {
          const request = { page, perPage: 20, total, resourceUrl: BASE, rawQuery };
          const expected: Record<string, string> = { self: pageLink(BASE, rawQuery, page) };
          if (page + 1 <= lastPage(total, 20)) expected.next = pageLink(BASE, rawQuery, page + 1);
          if (page > 1 && page - 1 <= lastPage(total, 20))
            expected.previous = pageLink(BASE, rawQuery, page - 1);
          expect(paginationLinks(request)).toEqual(expected);
        },
      ),
      {
        numRuns: 500,
        examples: [
          ['q=PAGE0MARK', 2, 100],
          ['page=PAGE0MARK&page=3', 1, 100],
        ],
      },
    );
  });
});
