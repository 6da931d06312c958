/**
 * §1.5, §2 PaginationMeta: a collection page holds the items of its slice of the `total`
 * matching items — min(per_page, total − (page − 1) × per_page), never negative. Asserted on
 * every page the suite reads (whatever the query: filters, sorts, paging), so a server that
 * filters after cutting the page, or cuts it wrong, fails whichever check read that page.
 */
import { expectThat } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
}

export function expectPageSize(response: ApiResponse, meta: PageMeta, items: number, what: string): void {
  const expected = Math.max(0, Math.min(meta.per_page, meta.total - (meta.page - 1) * meta.per_page));
  expectThat(
    response,
    items === expected,
    `The page holds the wrong number of ${what} for its total`,
    `${expected} ${what} (total ${meta.total}, page ${meta.page} of ${meta.per_page})`,
    `${items} ${what}`,
  );
}
