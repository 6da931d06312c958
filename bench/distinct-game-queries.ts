/**
 * The bench's distinct-query traffic: GET /games paths as a client's or a suite's traffic
 * has them — random sorts, connection types and flags, 0–2 tag categories of 1–2 ids, pages,
 * per_page, sometimes `q` — each path different, so a cache keyed by URL rarely helps. Every
 * path is valid (§4 GET /games): per_page 1–50, no web_only with online_recently=1 or
 * sort=recently_online, tag ids unique per parameter. The same seed and vocabulary give the
 * same paths.
 */
import { CATEGORY_KEYS, type CategoryKey } from '../fixtures/src/model.ts';
import { createRandom, type Random } from '../fixtures/src/random.ts';

/** What the paths are made of, read from the server under test. */
export interface QueryVocabulary {
  /** The tag ids of each category (GET /tags). */
  tagIds: Readonly<Record<CategoryKey, readonly number[]>>;
  /** Lower-case words occurring in the listings, for `q`. */
  words: readonly string[];
}

const SORTS = ['top_voted', 'newest', 'oldest', 'last_updated', 'recently_online', 'most_reviewed'];

/** A search term: mostly a listing word, sometimes part of one (q matches substrings). */
function term(random: Random, words: readonly string[]): string {
  const word = random.pick(words);
  if (word.length < 6 || !random.chance(0.25)) return word;
  const start = random.int(0, word.length - 4);
  return word.slice(start, start + random.int(3, word.length - start));
}

function gamesPath(random: Random, vocabulary: QueryVocabulary): string {
  const params: string[] = [];
  const add = (name: string, value: string | number) =>
    params.push(`${name}=${encodeURIComponent(String(value))}`);
  if (random.chance(0.2)) {
    const terms = Array.from({ length: random.int(1, 2) }, () => term(random, vocabulary.words));
    add('q', terms.join(' '));
  }
  const connection = random.chance(0.3) ? random.pick(['all', 'web_only', 'mud_client']) : undefined;
  // §4 GET /games rule 3: web-only games are neither online-filtered nor sorted by connect.
  const webOnly = connection === 'web_only';
  if (random.chance(0.85))
    add('sort', random.pick(webOnly ? SORTS.filter((s) => s !== 'recently_online') : SORTS));
  if (connection !== undefined) add('connection_type', connection);
  if (random.chance(0.3)) add('has_reviews', 1);
  if (random.chance(0.25)) add('recently_updated', 1);
  if (!webOnly && random.chance(0.25)) add('online_recently', 1);
  for (const category of random.sample(CATEGORY_KEYS, random.int(0, 2))) {
    const ids = random.sample(vocabulary.tagIds[category], random.int(1, 2));
    // §4 rule 1: a single id may go without the brackets.
    const name = ids.length === 1 && random.chance(0.3) ? `${category}_tag_id` : `${category}_tag_id[]`;
    for (const id of ids) params.push(`${name}=${id}`);
  }
  const page = random.weighted([
    [1, 0.5],
    [random.int(2, 5), 0.35],
    [random.int(6, 20), 0.15],
  ] as const);
  if (page > 1 || random.chance(0.3)) add('page', page);
  if (random.chance(0.6)) add('per_page', random.int(1, 50));
  return params.length === 0 ? '/api/v1/games' : `/api/v1/games?${params.join('&')}`;
}

/** `count` distinct GET /games paths (under /api/v1), drawn from `seed`. */
export function distinctGameQueries(seed: number, count: number, vocabulary: QueryVocabulary): string[] {
  const random = createRandom(seed);
  const paths = new Set<string>();
  while (paths.size < count) paths.add(gamesPath(random, vocabulary));
  return [...paths];
}
