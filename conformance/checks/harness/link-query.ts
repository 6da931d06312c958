/**
 * Comparing a pagination link's query with the request's (D40: order and encoding
 * are free, every parameter is kept, `page` is set). Parameters are compared as
 * decoded multisets; a tag parameter's name is compared without its brackets (both
 * spellings name one filter, §4 rule 1).
 */
import type { QueryPairs } from '../../src/core/http-client.ts';

export type Pair = [string, string];

function normalName(name: string): string {
  return name.endsWith('_tag_id[]') ? name.slice(0, -2) : name;
}

export function normalPairs(pairs: QueryPairs): Pair[] {
  return pairs.map(([name, value]) => [normalName(name), String(value)]);
}

/** The decoded query pairs of an absolute link, or undefined when it is not an absolute http(s) URI. */
export function linkPairs(link: string): Pair[] | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return [...url.searchParams].map(([name, value]) => [normalName(name), value]);
}

/**
 * What is wrong with a link's parameters against the request's: missing request
 * parameters, unexpected extra ones, and `page`. `harmlessExtras` are parameters a
 * server may add when the request left them out because they only spell out a
 * default it applied (`per_page=20`, `sort=last_updated`).
 */
export function linkQueryProblems(
  request: Pair[],
  link: Pair[],
  expectedPage: number,
  harmlessExtras: Pair[],
): string[] {
  const problems: string[] = [];
  const pages = link.filter(([name]) => name === 'page').map(([, value]) => value);
  if (pages.length !== 1 || Number(pages[0]) !== expectedPage || !/^\d+$/.test(pages[0] ?? '')) {
    problems.push(`page should be ${expectedPage} exactly once, found [${pages.join(', ')}]`);
  }
  const remaining = link.filter(([name]) => name !== 'page').map(([name, value]) => `${name}=${value}`);
  for (const [name, value] of request) {
    if (name === 'page') continue;
    const at = remaining.indexOf(`${name}=${value}`);
    if (at < 0) problems.push(`request parameter ${name}=${JSON.stringify(value)} is missing`);
    else remaining.splice(at, 1);
  }
  const requestNames = new Set(request.map(([name]) => name));
  for (const extra of remaining) {
    const harmless = harmlessExtras.some(
      ([name, value]) => !requestNames.has(name) && extra === `${name}=${value}`,
    );
    if (!harmless) problems.push(`parameter ${JSON.stringify(extra)} was not in the request`);
  }
  return problems;
}
