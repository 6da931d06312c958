/**
 * A page far beyond the last of any collection: at WRAPPING_PER_PAGE a page, its first item's
 * offset, (page − 1) × 20 = 5 × 2^32, is 0 to a server that computes offsets in 32 bits, which
 * then serves the first page's items under it. Pages are slices of `total` (§1 rule 5, §2
 * PaginationMeta): it holds none (harness/page-size.ts asserts it on every page read).
 */
export const WRAPPING_PAGE = 2 ** 30 + 1;
export const WRAPPING_PER_PAGE = 20;
