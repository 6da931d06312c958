/**
 * The server's query-string parser (installed as Express's `query parser`), so that
 * `a[]=1&a[]=2`, `a=1&a=2` and `a=1` parse predictably: WHATWG URLSearchParams
 * decoding (`+` is a space), names kept verbatim (brackets included, no nesting), a
 * repeated name becomes an array in request order. The result has no prototype, so
 * `__proto__` and `constructor` are ordinary parameter names.
 *
 * URLSearchParams never throws: a broken escape such as `%zz` stays literally `%zz`
 * and invalid UTF-8 decodes to U+FFFD. A value broken that way is then judged by the
 * parameter's own rules (e.g. `page=%zz` is a malformed number → 422), never a 500.
 */
import type { RawQuery } from './domain/domain-result.ts';

export function parseQueryString(queryString: string | null | undefined): RawQuery {
  return queryOfPairs(queryString ? new URLSearchParams(queryString) : []);
}

/** A query object as this parser builds it (no prototype, a repeated name an array in order), from decoded pairs. */
export function queryOfPairs(pairs: Iterable<[string, string]>): RawQuery {
  const query: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of pairs) {
    const existing = query[name];
    if (existing === undefined) query[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else query[name] = [existing, value];
  }
  return query;
}

/** A parameter's value when it was sent once; undefined when absent or repeated. */
export function scalarParam(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

/** The raw query string of a request URL (without `?`), as sent. */
export function rawQueryOf(url: string): string {
  const start = url.indexOf('?');
  return start < 0 ? '' : url.slice(start + 1);
}
