/**
 * The deliberate faults of the collection envelope (§1.5, §2 PaginationMeta and
 * PaginationLinks), applied to what domain/pagination.ts built — the correct envelope —
 * at the operation boundary (operations.ts), for /games and /reviews alike. Each
 * deviation names its catalogue entry (faults.ts); with none on, the envelope is
 * returned unchanged.
 */
import {
  lastPage,
  pageLink,
  paginationLinks,
  type Collection,
  type PageRequest,
  type PaginationLinks,
} from '../domain/pagination.ts';
import type { Deviations } from './representation.ts';

/** A collection envelope as the switched-on faults would have it. */
export function deviateCollection<T>(
  collection: Collection<T>,
  request: PageRequest,
  { faults }: Deviations,
): Collection<T> {
  if (faults.size === 0) return collection;
  const linked = { ...request };
  // Fault `links-drop-filters`: the links keep page and per_page only.
  if (faults.has('links-drop-filters')) {
    const kept = [...new URLSearchParams(request.rawQuery)].filter(
      ([name]) => name === 'page' || name === 'per_page',
    );
    linked.rawQuery = new URLSearchParams(kept).toString();
  }
  // Fault `links-relative`: the links are paths, without scheme and host.
  if (faults.has('links-relative')) linked.resourceUrl = new URL(request.resourceUrl).pathname;
  const correct = paginationLinks(linked);
  const link = (target: number) => pageLink(linked.resourceUrl, linked.rawQuery, target);
  const { page } = request;
  // Fault `next-on-last-page`: the last page links to the (empty) page after it.
  const next =
    faults.has('next-on-last-page') && page === lastPage(request.total, request.perPage)
      ? link(page + 1)
      : correct.next;
  // Fault `previous-on-first-page`: the first page links to a page 0.
  const previous = faults.has('previous-on-first-page') && page === 1 ? link(0) : correct.previous;
  const links: PaginationLinks = { self: correct.self };
  if (next !== undefined) links.next = next;
  if (previous !== undefined) links.previous = previous;
  // Fault `total-is-page-count`: meta.total counts the items of this page only.
  const meta = faults.has('total-is-page-count')
    ? { ...collection.meta, total: collection.data.length }
    : collection.meta;
  return { data: collection.data, meta, links };
}
