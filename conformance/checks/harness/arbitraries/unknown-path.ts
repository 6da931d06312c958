/**
 * Paths under the base that no operation of the spec serves (§4: "An unknown path returns
 * 404"). Avoided on purpose: anything a spec template matches (`/games/abc` is a malformed
 * id, D17), case variants of real routes and trailing slashes (D46, not checked), and
 * `/json.php` (D30). Among them the served paths with a format suffix (`/tags.json`,
 * `/games/5/mssp.xml`): a router that strips one serves a path §4 does not list; and the paths
 * scanners probe, which a request filter ahead of the API may answer in its own way.
 */
import fc from 'fast-check';
import type { Discovery } from '../../../src/core/discovery.ts';
import type { SpecValidator } from '../../../../spec/src/spec-loader.ts';
import { knownGameIds, knownReviewIds } from '../../../src/core/paths.ts';
import { servedPaths } from '../served-paths.ts';

const segment = fc.stringMatching(/^[a-z0-9_-]{1,16}$/);

export function isServedPath(spec: SpecValidator, path: string): boolean {
  if (spec.matchPath(path) !== undefined) return true;
  // D46: paths may or may not be case-sensitive; never assert on a case variant of a route.
  const lower = path.toLowerCase();
  return spec.operations.some((operation) => {
    const pattern = operation.path.toLowerCase().replace(/\{\w+\}/g, '[^/]+');
    return new RegExp(`^${pattern.replace(/[.]/g, '\\.')}$`).test(lower);
  });
}

/**
 * Format suffixes a router may strip or map to a representation: those frameworks' format
 * patterns know (Rails, Django REST framework, Laravel, Spring's old suffix matching), and any
 * short extension, for a router that strips whatever follows the last dot.
 */
const FORMAT_SUFFIXES = ['.json', '.xml', '.yaml', '.yml', '.csv', '.html', '.htm', '.txt', '.api', '.js'];
const formatSuffix = fc.oneof(
  { arbitrary: fc.constantFrom(...FORMAT_SUFFIXES), weight: 3 },
  { arbitrary: fc.stringMatching(/^\.[a-z][a-z0-9]{0,4}$/), weight: 1 },
);

/**
 * The spec's paths that end in a literal segment, with a format suffix: `/tags.json`,
 * `/games/{gameId}/mssp.json` (ids from discovery). The first is `/tags.json`.
 */
function suffixedServedPath(spec: SpecValidator, discovery: Discovery): fc.Arbitrary<string> {
  const literal = servedPaths(spec, discovery, (operation) => !operation.path.endsWith('}'));
  return fc.tuple(fc.constantFrom(...literal), formatSuffix).map(([path, suffix]) => `${path}${suffix}`);
}

/**
 * What vulnerability scanners and fuzzers ask for under any base: files and consoles of other
 * stacks, markup and SQL text in a segment (percent-encoded as a client sends them). No dot
 * segments (a proxy resolving `..` would answer outside the API), no encoded slash (Apache's
 * default refuses it itself), no dot-files (commonly denied by the proxy's configuration).
 */
export const SCANNER_PATHS = [
  '/%3Cscript%3Ealert(1)%3C/script%3E',
  '/etc/passwd',
  '/tags/%3Cscript%3E',
  "/tags/'%20OR%20'1'%3D'1",
  '/wp-login.php',
  '/tags/1%20UNION%20SELECT%20NULL',
  '/cgi-bin/test.cgi',
] as const;

export function unknownPathArbitrary(spec: SpecValidator, discovery: Discovery): fc.Arbitrary<string> {
  const gameId = fc.constantFrom(...knownGameIds(discovery));
  const reviewId = fc.constantFrom(...knownReviewIds(discovery));
  return fc
    .oneof(
      fc.array(segment, { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join('/')}`),
      suffixedServedPath(spec, discovery),
      fc.tuple(gameId, segment).map(([id, tail]) => `/games/${id}/${tail}`),
      fc.tuple(reviewId, segment).map(([id, tail]) => `/reviews/${id}/${tail}`),
      segment.map((tail) => `/tags/${tail}`),
      fc.constantFrom(...SCANNER_PATHS),
    )
    .filter((path) => !isServedPath(spec, path));
}
