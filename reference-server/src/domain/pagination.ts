/**
 * The collection envelope of §1.5: `{data, meta: {page, per_page, total}, links: {self,
 * next?, previous?}}`. Links are absolute and keep the request's parameters in their
 * order with `page` set (§2 "Link values", DECISIONS D40); `next`/`previous` appear
 * only when such a page exists (§1.5, D39).
 */
import type { components } from '../../../spec/generated/openapi.d.ts';

export type PaginationMeta = components['schemas']['PaginationMeta'];
export type PaginationLinks = components['schemas']['PaginationLinks'];

/** §1.5's envelope over any item: what GameCollection and ReviewCollection share, `data` left open. */
export type Collection<T> = Omit<components['schemas']['GameCollection'], 'data'> & { data: T[] };

export interface PageRequest {
  page: number;
  perPage: number;
  total: number;
  /** Absolute URL of the collection without a query, e.g. `http://127.0.0.1:8080/api/v1/games`. */
  resourceUrl: string;
  /** The request's raw query string (without `?`), kept as sent apart from `page`. */
  rawQuery: string;
}

/** The last existing page; an empty collection still has its (empty) first page. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The link to `page` of the collection: the request's parameters in their order, `page` set. */
export function pageLink(resourceUrl: string, rawQuery: string, page: number): string {
  const params = new URLSearchParams(rawQuery);
  // set() replaces the first `page` in place (dropping repeats) or appends one: request order is kept.
  params.set('page', String(page));
  // §2: link values are absolute URIs.
  return `${resourceUrl}?${params.toString()}`;
}

/** Stands for the page number in a link's template (see pageLinks). */
const PAGE_MARK = 'PAGE0MARK';

/**
 * pageLink for any page of one request, the query parsed and serialised once: serialised with
 * a mark for the page, then the mark replaced (three URLSearchParams a page were 5 % of the
 * CPU of distinct GET /games queries). A query already holding the mark is linked page by page.
 */
function pageLinks(resourceUrl: string, rawQuery: string): (page: number) => string {
  const params = new URLSearchParams(rawQuery);
  params.set('page', PAGE_MARK);
  const [before, after, more] = `${resourceUrl}?${params.toString()}`.split(PAGE_MARK);
  if (after === undefined || more !== undefined) return (page) => pageLink(resourceUrl, rawQuery, page);
  return (page) => `${before}${page}${after}`;
}

export function paginationLinks(request: PageRequest): PaginationLinks {
  const { page, perPage, total, resourceUrl, rawQuery } = request;
  const last = lastPage(total, perPage);
  const link = pageLinks(resourceUrl, rawQuery);
  const links: PaginationLinks = { self: link(page) };
  if (page + 1 <= last) links.next = link(page + 1);
  // D39: page last+1 links back to the last page; pages further out have no previous.
  if (page > 1 && page - 1 <= last) links.previous = link(page - 1);
  return links;
}

export function collection<T>(data: T[], request: PageRequest): Collection<T> {
  return {
    data,
    // §2 PaginationMeta: total counts the matching items across all pages.
    meta: { page: request.page, per_page: request.perPage, total: request.total },
    links: paginationLinks(request),
  };
}

/**
 * What follows a collection's items in `JSON.stringify(collection(data, request))`:
 * `],"meta":…,"links":…}` (game-summary-json.ts writes the items).
 */
export function collectionTail(request: PageRequest): string {
  const { meta, links } = collection([], request);
  return `],"meta":${JSON.stringify(meta)},"links":${JSON.stringify(links)}}`;
}
