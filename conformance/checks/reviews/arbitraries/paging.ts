import fc from 'fast-check';

export interface Paging {
  page: number;
  perPage: number;
}

/**
 * Valid `page`/`per_page` pairs over a collection of `total` items, biased to the
 * edges: per_page 1 and 50, the first, last and one-past-last page.
 */
export function paging(total: number): fc.Arbitrary<Paging> {
  const perPage = fc.oneof(fc.constantFrom(1, 20, 50), fc.integer({ min: 1, max: 50 }));
  return perPage.chain((size) => {
    const last = Math.max(1, Math.ceil(total / size));
    return fc
      .oneof(fc.constantFrom(1, last, last + 1), fc.integer({ min: 1, max: last + 1 }))
      .map((page) => ({ page, perPage: size }));
  });
}
