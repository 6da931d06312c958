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
import { blindFault } from '../blind-faults/set-1.ts';
import { DEFAULT_PER_PAGE } from '../domain/game-query.ts';
import type { Deviations } from './representation.ts';

/** Blind fault `blind8-links-drop-default-valued-params`: the collections' parameters and their defaults (§4). */
const DEFAULT_VALUES: Readonly<Record<string, string>> = {
  sort: 'last_updated',
  connection_type: 'all',
  per_page: '20',
};

/**
 * Blind fault `blind16-links-tag-ids-indexed`: the bracketed (array) parameters of a raw query
 * numbered as `qs.stringify` writes arrays by default (`name[0]=…&name[1]=…`), the others as sent.
 */
function indexedArrays(rawQuery: string): string {
  const counters = new Map<string, number>();
  return rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      const rawName = at === -1 ? pair : pair.slice(0, at);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return pair;
      }
      if (!name.endsWith('[]')) return pair;
      const base = name.slice(0, -2);
      const index = counters.get(base) ?? 0;
      counters.set(base, index + 1);
      return `${encodeURIComponent(`${base}[${index}]`)}${at === -1 ? '' : pair.slice(at)}`;
    })
    .join('&');
}

/** A collection envelope as the switched-on faults would have it. */
export function deviateCollection<T>(
  collection: Collection<T>,
  request: PageRequest,
  { faults }: Deviations,
): Collection<T> {
  if (faults.size === 0) return collection;
  // Blind fault `blind15-next-link-default-per-page`: the last page for `next` computed with the default page size.
  if (blindFault(faults, 'blind15-next-link-default-per-page')) {
    const { self, previous } = collection.links;
    const links: PaginationLinks = { self };
    if (request.page + 1 <= lastPage(request.total, DEFAULT_PER_PAGE)) {
      links.next = pageLink(request.resourceUrl, request.rawQuery, request.page + 1);
    }
    if (previous !== undefined) links.previous = previous;
    return { ...collection, links };
  }
  const linked = { ...request };
  // Blind fault `blind16-links-tag-ids-indexed`: the query rebuilt with a query-string library's indexed array format.
  if (blindFault(faults, 'blind16-links-tag-ids-indexed') && linked.rawQuery !== '') {
    linked.rawQuery = indexedArrays(linked.rawQuery);
  }
  // Blind fault `blind14-links-query-encoded-twice`: the raw (still encoded) names and values encoded once more.
  if (blindFault(faults, 'blind14-links-query-encoded-twice') && linked.rawQuery !== '') {
    linked.rawQuery = linked.rawQuery
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => {
        const at = pair.indexOf('=');
        if (at === -1) return encodeURIComponent(pair);
        return `${encodeURIComponent(pair.slice(0, at))}=${encodeURIComponent(pair.slice(at + 1))}`;
      })
      .join('&');
  }
  // Fault `links-drop-filters`: the links keep page and per_page only.
  if (faults.has('links-drop-filters')) {
    const kept = [...new URLSearchParams(request.rawQuery)].filter(
      ([name]) => name === 'page' || name === 'per_page',
    );
    linked.rawQuery = new URLSearchParams(kept).toString();
  }
  // Fault `reviews-links-drop-game-id`: the review collection's links rebuilt from the paging alone.
  if (faults.has('reviews-links-drop-game-id') && request.resourceUrl.endsWith('/reviews')) {
    const kept = [...new URLSearchParams(linked.rawQuery)].filter(([name]) => name !== 'game_id');
    linked.rawQuery = new URLSearchParams(kept).toString();
  }
  // Fault `links-relative`: the links are paths, without scheme and host.
  if (faults.has('links-relative')) linked.resourceUrl = new URL(request.resourceUrl).pathname;
  // Blind fault `blind12-reviews-links-games-path`: the reviews' links built by the games collection's link helper.
  if (blindFault(faults, 'blind12-reviews-links-games-path') && linked.resourceUrl.endsWith('/reviews')) {
    linked.resourceUrl = `${linked.resourceUrl.slice(0, -'/reviews'.length)}/games`;
  }
  // Blind fault `blind2-links-collapse-repeated-params`: the query read into a plain object, the last value winning.
  if (blindFault(faults, 'blind2-links-collapse-repeated-params')) {
    linked.rawQuery = new URLSearchParams(
      Object.fromEntries(new URLSearchParams(linked.rawQuery)),
    ).toString();
  }
  // Blind fault `blind3-links-drop-bare-tag-param`: the links rebuilt from known names, the tag ones bracketed only.
  if (blindFault(faults, 'blind3-links-drop-bare-tag-param')) {
    const kept = [...new URLSearchParams(linked.rawQuery)].filter(([name]) => !name.endsWith('_tag_id'));
    linked.rawQuery = new URLSearchParams(kept).toString();
  }
  // Blind fault `blind7-links-q-normalized`: the links built from the parsed query, `q` as its normalized terms.
  const searched = new URLSearchParams(linked.rawQuery);
  const q = searched.get('q');
  if (blindFault(faults, 'blind7-links-q-normalized') && q !== null) {
    searched.set('q', q.toLowerCase().split(/\s+/u).filter(Boolean).join(' '));
    linked.rawQuery = searched.toString();
  }
  // Blind fault `blind8-links-drop-default-valued-params`: canonical links, parameters at their default value left out.
  if (blindFault(faults, 'blind8-links-drop-default-valued-params')) {
    const kept = [...new URLSearchParams(linked.rawQuery)].filter(
      ([name, value]) => DEFAULT_VALUES[name] !== value,
    );
    linked.rawQuery = new URLSearchParams(kept).toString();
  }
  // Blind fault `blind13-links-drop-port`: the links' base built from the host name alone (req.hostname), without the port.
  if (blindFault(faults, 'blind13-links-drop-port') && /^https?:\/\//.test(linked.resourceUrl)) {
    const url = new URL(linked.resourceUrl);
    url.port = '';
    linked.resourceUrl = `${url.origin}${url.pathname}`;
  }
  const correct = paginationLinks(linked);
  const link = (target: number) => pageLink(linked.resourceUrl, linked.rawQuery, target);
  const { page } = request;
  // Fault `next-on-last-page`: the last page links to the (empty) page after it.
  let next =
    faults.has('next-on-last-page') && page === lastPage(request.total, request.perPage)
      ? link(page + 1)
      : correct.next;
  // Blind fault `blind2-next-page-string-concat`: the `page` parameter's text + 1, as a string concatenation.
  const pageText = new URLSearchParams(request.rawQuery).get('page');
  if (blindFault(faults, 'blind2-next-page-string-concat') && pageText !== null && next !== undefined) {
    next = link(Number(`${page}1`));
  }
  // Blind fault `blind-next-link-floor-last-page`: the last page taken as floor(total / per_page).
  if (
    blindFault(faults, 'blind-next-link-floor-last-page') &&
    page >= Math.floor(request.total / request.perPage)
  ) {
    next = undefined;
  }
  // Blind fault `blind11-next-link-on-exact-last-page`: a next page tested as `page × per_page <= total`.
  if (
    blindFault(faults, 'blind11-next-link-on-exact-last-page') &&
    next === undefined &&
    request.total > 0 &&
    page * request.perPage === request.total
  ) {
    next = link(page + 1);
  }
  // Fault `previous-on-first-page`: the first page links to a page 0.
  let previous = faults.has('previous-on-first-page') && page === 1 ? link(0) : correct.previous;
  // Blind fault `blind-previous-missing-on-last-page`: previous only strictly inside the collection.
  if (
    blindFault(faults, 'blind-previous-missing-on-last-page') &&
    page > 1 &&
    page === lastPage(request.total, request.perPage)
  ) {
    previous = undefined;
  }
  let self = correct.self;
  // Blind fault `blind7-self-link-clamped-to-last-page`: the self link's page clamped to the last existing page.
  const last = lastPage(request.total, request.perPage);
  if (blindFault(faults, 'blind7-self-link-clamped-to-last-page') && page > last) self = link(last);
  // Blind fault `blind-self-link-without-page`: self is the request URL as sent.
  if (
    blindFault(faults, 'blind-self-link-without-page') &&
    !new URLSearchParams(linked.rawQuery).has('page')
  ) {
    self = linked.rawQuery === '' ? linked.resourceUrl : `${linked.resourceUrl}?${linked.rawQuery}`;
  }
  // Blind fault `blind4-links-page-appended`: next/previous are the request's query with `&page=<n>` appended.
  if (blindFault(faults, 'blind4-links-page-appended') && pageText !== null) {
    const appended = (target: number) => `${linked.resourceUrl}?${linked.rawQuery}&page=${target}`;
    if (next !== undefined) next = appended(page + 1);
    if (previous !== undefined) previous = appended(page - 1);
  }
  // Blind fault `blind5-next-missing-without-page-param`: next built from the `page` parameter as sent, none without it.
  if (blindFault(faults, 'blind5-next-missing-without-page-param') && pageText === null) next = undefined;
  // Blind fault `blind5-previous-points-to-first`: previous written as a "back to start" link.
  if (blindFault(faults, 'blind5-previous-points-to-first') && previous !== undefined) previous = link(1);
  // Blind fault `blind6-previous-to-first-page-without-page`: the first page linked as the canonical URL, `page` removed.
  if (
    blindFault(faults, 'blind6-previous-to-first-page-without-page') &&
    previous !== undefined &&
    page === 2
  ) {
    const params = new URLSearchParams(linked.rawQuery);
    params.delete('page');
    const query = params.toString();
    previous = query === '' ? linked.resourceUrl : `${linked.resourceUrl}?${query}`;
  }
  // Blind fault `blind4-links-query-unencoded`: the query joined as `${name}=${value}`, without percent-encoding.
  if (blindFault(faults, 'blind4-links-query-unencoded')) {
    const unencoded = (link: string) => {
      const at = link.indexOf('?');
      if (at === -1) return link;
      const pairs = [...new URLSearchParams(link.slice(at + 1))].map(([name, value]) => `${name}=${value}`);
      return `${link.slice(0, at)}?${pairs.join('&')}`;
    };
    self = unencoded(self);
    if (next !== undefined) next = unencoded(next);
    if (previous !== undefined) previous = unencoded(previous);
  }
  // Blind fault `blind17-links-page-replaced-inside-per-page`: the page set by replacing the first unanchored `page=\d+`.
  if (blindFault(faults, 'blind17-links-page-replaced-inside-per-page')) {
    const query = new URLSearchParams(linked.rawQuery).toString();
    const replaced = (target: number) =>
      /page=\d+/.test(query)
        ? `${linked.resourceUrl}?${query.replace(/page=\d+/, `page=${target}`)}`
        : `${linked.resourceUrl}?${query === '' ? '' : `${query}&`}page=${target}`;
    self = replaced(page);
    if (next !== undefined) next = replaced(page + 1);
    if (previous !== undefined) previous = replaced(page - 1);
  }
  const links: PaginationLinks = { self };
  if (next !== undefined) links.next = next;
  if (previous !== undefined) links.previous = previous;
  // Fault `total-is-page-count`: meta.total counts the items of this page only.
  let meta = faults.has('total-is-page-count')
    ? { ...collection.meta, total: collection.data.length }
    : collection.meta;
  // Blind fault `blind2-meta-per-page-is-item-count`: per_page read off the page served.
  if (blindFault(faults, 'blind2-meta-per-page-is-item-count'))
    meta = { ...meta, per_page: collection.data.length };
  // Blind fault `blind2-meta-page-as-text`: the `page` parameter echoed as it was sent.
  if (blindFault(faults, 'blind2-meta-page-as-text') && pageText !== null) {
    meta = { ...meta, page: pageText as unknown as number };
  }
  // Blind fault `blind17-total-counted-from-offset`: COUNT(*) OVER () over the query with its OFFSET already applied.
  if (blindFault(faults, 'blind17-total-counted-from-offset') && page > 1) {
    meta = { ...meta, total: Math.max(0, meta.total - (page - 1) * request.perPage) };
  }
  // Blind fault `blind3-total-zero-on-empty-page`: the total read off the page's rows (COUNT(*) OVER ()).
  if (blindFault(faults, 'blind3-total-zero-on-empty-page') && collection.data.length === 0) {
    meta = { ...meta, total: 0 };
  }
  // Blind fault `blind3-reviews-total-as-text`: the reviews' COUNT(*) is a bigint, which node-postgres reads as text.
  if (blindFault(faults, 'blind3-reviews-total-as-text') && request.resourceUrl.endsWith('/reviews')) {
    meta = { ...meta, total: String(meta.total) as unknown as number };
  }
  return { data: collection.data, meta, links };
}
