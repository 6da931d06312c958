/**
 * The pagination links of a collection page (GET /games, GET /reviews) judged against the
 * request that produced it, whoever sent it: what the link checks judge of the run's traffic
 * besides their own cases (one response, every oracle that applies).
 *
 * A page is judged only when its request is one whose links no server may write otherwise:
 * every parameter is one the operation defines (an unknown one may be dropped), spelled as its
 * schema in the spec has it (an integer without sign, zeros or fraction; a value of the enum or
 * of the listed sort names; a `q` with a non-blank term — a server may normalise `05` to `5`, or
 * drop a blank `q`), a parameter that is not a list is given once, no tag id twice (D57: a
 * repeated id may count once), and the page and page size the server reports are the ones asked
 * (D18, D19: a server may serve a bad `page`/`per_page` as another). The judgement is D40's
 * (order and encoding free, every parameter kept, `page` set) and D39's (presence on pages
 * 1..last+1; no `next` past the last page; a `previous` further out is
 * GAMES-BEYOND-LAST-PAGE-LINKS's).
 */
import type { CheckContext } from '../../src/core/check.ts';
import type { Failure } from '../../src/core/check.ts';
import { failureOf } from '../../src/core/expect.ts';
import type { ApiResponse } from '../../src/core/http-client.ts';
import { lastPage } from './last-page.ts';
import { type Pair, linkPairs, linkQueryProblems, normalPairs } from './link-query.ts';

export type CollectionOperation = 'listGames' | 'listReviews';

/** What of the links to judge: their targets and parameters, and/or which of them are present. */
export interface LinkAspects {
  query: boolean;
  presence: boolean;
}

interface CollectionBody {
  data: unknown[];
  meta: { page: number; per_page: number; total: number };
  links: { self: unknown; next?: unknown; previous?: unknown };
}

type ParameterSchema = {
  type?: string;
  enum?: unknown[];
  examples?: unknown[];
  items?: ParameterSchema;
  default?: unknown;
  /** A value outside these bounds is served clamped to them (D19): not served as asked. */
  'x-clamp'?: { minimum?: number; maximum?: number };
};

const COLLECTION_PATH: Record<CollectionOperation, string> = { listGames: '/games', listReviews: '/reviews' };

function isCollectionBody(body: unknown): body is CollectionBody {
  if (typeof body !== 'object' || body === null) return false;
  const { data, meta, links } = body as Partial<CollectionBody>;
  return (
    Array.isArray(data) &&
    typeof meta === 'object' &&
    meta !== null &&
    Number.isSafeInteger(meta.page) &&
    Number.isSafeInteger(meta.per_page) &&
    Number.isSafeInteger(meta.total) &&
    meta.per_page > 0 &&
    typeof links === 'object' &&
    links !== null
  );
}

function canonicalValue(ctx: CheckContext, schema: ParameterSchema, value: string): boolean {
  if (schema.type === 'array') return schema.items !== undefined && canonicalValue(ctx, schema.items, value);
  if (schema.type === 'integer') {
    const n = Number(value);
    const clamp = schema['x-clamp'];
    return (
      /^[1-9]\d{0,8}$/.test(value) &&
      ctx.spec.validateValue(schema as Record<string, unknown>, n).valid &&
      n >= (clamp?.minimum ?? -Infinity) &&
      n <= (clamp?.maximum ?? Infinity)
    );
  }
  if (schema.type === 'string') {
    const listed = schema.enum ?? schema.examples;
    return listed === undefined ? value.trim() !== '' : listed.includes(value);
  }
  return false;
}

/**
 * The request's parameters (decoded, tag names without brackets) when every one is canonical
 * for the operation; undefined when the request is not one to judge links by.
 */
export function canonicalRequest(
  ctx: CheckContext,
  operation: CollectionOperation,
  url: string,
): Pair[] | undefined {
  const parameters = ctx.spec.operation(operation).parameters.filter((p) => p.in === 'query');
  const pairs = [...new URL(url).searchParams];
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    const parameter = parameters.find((p) => p.name === name);
    if (parameter === undefined) return undefined;
    const schema = parameter.schema as ParameterSchema;
    if (!canonicalValue(ctx, schema, value)) return undefined;
    const key =
      schema.type === 'array' || name.endsWith('_tag_id') ? `${name.replace(/\[\]$/, '')}=${value}` : name;
    if (seen.has(key)) return undefined;
    seen.add(key);
  }
  return normalPairs(pairs);
}

/** Parameters a link may add that the request left out: the operation's defaults, and the page size served. */
function harmlessExtras(ctx: CheckContext, operation: CollectionOperation, perPage: number): Pair[] {
  const extras: Pair[] = [['per_page', String(perPage)]];
  for (const parameter of ctx.spec.operation(operation).parameters) {
    const fallback = (parameter.schema as ParameterSchema).default;
    if (parameter.in !== 'query' || parameter.name === 'page' || parameter.name === 'per_page') continue;
    if (typeof fallback === 'string' || typeof fallback === 'number')
      extras.push([parameter.name, String(fallback)]);
  }
  return extras;
}

/**
 * On pages 1..last+1, `next` is present exactly when a later page exists and `previous` exactly
 * when the page before does (D39: page last+1 links back); past the last page, no `next`.
 */
export function presenceFailure(
  response: ApiResponse,
  page: number,
  last: number,
  links: { next?: unknown; previous?: unknown },
  where: string,
): Failure | undefined {
  const wantNext = page < last;
  if ((links.next !== undefined) !== wantNext) {
    return failureOf(
      response,
      `links.next is ${wantNext ? 'missing' : 'present'} on ${where}`,
      wantNext ? 'links.next (a later page exists)' : 'no links.next (no later page exists)',
      links.next === undefined ? 'no links.next' : `links.next ${String(links.next)}`,
    );
  }
  const wantPrevious = page >= 2;
  if (page <= last + 1 && (links.previous !== undefined) !== wantPrevious) {
    return failureOf(
      response,
      `links.previous is ${wantPrevious ? 'missing' : 'present'} on ${where}`,
      wantPrevious ? `links.previous (page ${page - 1} exists)` : 'no links.previous on page 1',
      links.previous === undefined ? 'no links.previous' : `links.previous ${String(links.previous)}`,
    );
  }
  return undefined;
}

/**
 * What is wrong with a collection page's links: which are present on any 200 collection page,
 * what they keep against the page's own request where that request is canonical and served as
 * asked; `judged` is false when no asked aspect could be judged.
 */
export function collectionLinksFailure(
  ctx: CheckContext,
  operation: CollectionOperation,
  response: ApiResponse,
  aspects: LinkAspects,
): { judged: boolean; failure?: Failure } {
  const notJudged = { judged: false };
  if (response.status !== 200 || !isCollectionBody(response.body)) return notJudged;
  const { meta, links } = response.body;
  const page = meta.page;
  const last = lastPage(meta.total, meta.per_page);
  const where = `page ${page} of ${last} (total ${meta.total}, per_page ${meta.per_page})`;
  // Which links a page has depends on its envelope alone: judged whatever the request.
  if (aspects.presence) {
    const failure = presenceFailure(response, page, last, links, where);
    if (failure !== undefined) return { judged: true, failure };
  }
  if (!aspects.query) return { judged: aspects.presence };
  // What they keep depends on the request: only a canonical one, served as asked.
  const request = canonicalRequest(ctx, operation, response.url);
  if (request === undefined) return { judged: aspects.presence };
  const asked = (name: string): number | undefined => {
    const pair = request.find(([n]) => n === name);
    return pair === undefined ? undefined : Number(pair[1]);
  };
  const perPage = asked('per_page');
  if ((asked('page') ?? 1) !== page || (perPage !== undefined && perPage !== meta.per_page)) {
    return { judged: aspects.presence };
  }
  const collection = COLLECTION_PATH[operation];
  const harmless = harmlessExtras(ctx, operation, meta.per_page);
  // D39: a page past last+1 may link `previous` anywhere in 1..last.
  const beyond = page > last + 1;
  const judgedLinks: Array<[string, unknown, number]> = [
    ['self', links.self, page],
    ['next', links.next, page + 1],
    ['previous', beyond ? undefined : links.previous, page - 1],
  ];
  for (const [name, link, expectedPage] of judgedLinks) {
    if (link === undefined) continue;
    const pairs = typeof link === 'string' ? linkPairs(link) : undefined;
    const path = pairs === undefined ? '' : new URL(link as string).pathname.replace(/\/+$/, '');
    if (pairs === undefined || !path.endsWith(collection)) {
      return {
        judged: true,
        failure: failureOf(
          response,
          `links.${name} of ${where} is not an absolute URI of the collection`,
          `an absolute http(s) URI whose path ends in ${collection}`,
          String(link),
        ),
      };
    }
    const problems = linkQueryProblems(request, pairs, expectedPage, harmless);
    if (problems.length > 0) {
      return {
        judged: true,
        failure: failureOf(
          response,
          `links.${name} of ${where} does not preserve the request's parameters: ${problems[0]}`,
          `the request's parameters (any order and encoding) with page=${expectedPage}`,
          `${String(link)}\n${problems.join('\n')}`,
        ),
      };
    }
  }
  return { judged: true };
}

/**
 * Judges the links of every page of the operation the run has received (and, when the check
 * runs again at the end of the run, of those received after): fails on the first wrong one.
 * Returns how many pages were judged.
 */
export function judgeObservedLinks(
  ctx: CheckContext,
  operation: CollectionOperation,
  aspects: LinkAspects,
  accepts: (response: ApiResponse) => boolean,
): number {
  return ctx.judgeObserved(accepts, (response) => {
    const { judged, failure } = collectionLinksFailure(ctx, operation, response, aspects);
    if (failure !== undefined) ctx.fail(failure);
    return judged;
  });
}

/**
 * §4 page and per_page (defaults 1 and 20, §8): a canonical request's page size is served as
 * asked — `meta.per_page` the asked value or the default — and so is its page, on the pages that
 * exist (1..last; what a page past the last reports is D39's). Judged on any 200 collection
 * page whose request is canonical (`canonicalRequest`); undefined when it holds or is not judged.
 */
export function pagingEchoFailure(
  ctx: CheckContext,
  operation: CollectionOperation,
  response: ApiResponse,
): Failure | undefined {
  if (response.status !== 200 || !isCollectionBody(response.body)) return undefined;
  const request = canonicalRequest(ctx, operation, response.url);
  if (request === undefined) return undefined;
  const { meta } = response.body;
  // A canonical request's values are served as asked (canonicalValue: in the schema's bounds and
  // its clamp's); a parameter left out takes the spec's default.
  const asked = (name: string, fallback: number): number => {
    const pair = request.find(([n]) => n === name);
    if (pair !== undefined) return Number(pair[1]);
    const parameter = ctx.spec
      .operation(operation)
      .parameters.find((p) => p.in === 'query' && p.name === name);
    const value = (parameter?.schema as ParameterSchema | undefined)?.default;
    return typeof value === 'number' ? value : fallback;
  };
  const perPage = asked('per_page', 20);
  const page = asked('page', 1);
  const pageExists = page <= Math.max(1, lastPage(meta.total, meta.per_page));
  if (meta.per_page === perPage && (!pageExists || meta.page === page)) return undefined;
  return failureOf(
    response,
    'The page is not served as asked: a valid page size or page number was not honoured',
    `meta.per_page ${perPage}${pageExists ? `, meta.page ${page}` : ''} (as the request asked, or its default)`,
    `meta.per_page ${meta.per_page}, meta.page ${meta.page}`,
  );
}
