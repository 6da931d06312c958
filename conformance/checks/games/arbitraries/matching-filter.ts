/**
 * A discovered game together with a filter that game satisfies (judged from its
 * summary, away from the time-window boundaries): one of its own words as `q`, plus
 * any of its connection type, its review/update/online flags and its own tag ids —
 * each tag category optionally OR-ed with another value of that group.
 */
import fc from 'fast-check';
import type { Discovery, GameSummary } from '../../../src/core/discovery.ts';
import type { GamesFilter, TagCriterion } from '../support/games-filter.ts';
import { withoutForbiddenCombination } from '../support/games-filter.ts';
import {
  categoryTagIds,
  clearlySatisfies,
  ONLINE_RECENTLY_MS,
  RECENTLY_UPDATED_MS,
} from '../support/filter-violations.ts';
import { tagParamIndex } from '../support/tag-param-index.ts';
import { sortName } from './sort-name.ts';

export interface GameAndFilter {
  game: GameSummary;
  filter: GamesFilter;
}

export function matchingFilter(discovery: Discovery, nowMs: number): fc.Arbitrary<GameAndFilter> | undefined {
  const wordsOf = new Map<number, string[]>();
  for (const { word, gameId } of discovery.words) wordsOf.set(gameId, [...(wordsOf.get(gameId) ?? []), word]);
  const games = discovery.games.filter((game) => wordsOf.has(game.id));
  if (games.length === 0) return undefined;
  const index = tagParamIndex(discovery);
  const groupIds = new Map(
    discovery.tagFilters.map((filter) => [filter.param, filter.group.values.map((v) => v.id)]),
  );

  return fc.constantFrom(...games).chain((game) => {
    const tagArbs = categoryTagIds(game)
      .filter((id) => index.has(id))
      .map((id) => {
        const param = index.get(id) as string;
        const others = (groupIds.get(param) ?? []).filter((other) => other !== id);
        return fc
          .record({
            extra: others.length > 0 ? fc.option(fc.constantFrom(...others)) : fc.constant(null),
            bracketless: fc.boolean(),
          })
          .map(({ extra, bracketless }): TagCriterion => ({
            param,
            ids: extra === null ? [id] : [id, extra],
            bracketless,
          }));
      });
    return fc
      .record(
        {
          q: fc.constantFrom(...(wordsOf.get(game.id) as string[])),
          sort: sortName(),
          connectionType: fc.constantFrom(
            'all' as const,
            game.status.web_only ? ('web_only' as const) : ('mud_client' as const),
          ),
          hasReviews: fc.constant(true),
          recentlyUpdated: fc.constant(true),
          onlineRecently: fc.constant(true),
          tags:
            tagArbs.length > 0
              ? fc.subarray(tagArbs.map((a) => a)).chain((arbs) => fc.tuple(...arbs))
              : fc.constant([]),
        },
        { requiredKeys: ['q'] },
      )
      .map((raw) => {
        const filter = withoutForbiddenCombination(raw as GamesFilter);
        // Keep only the flags the game clearly satisfies.
        for (const flag of ['hasReviews', 'recentlyUpdated', 'onlineRecently'] as const) {
          if (filter[flag] === true && !clearlySatisfies(game, { [flag]: true }, nowMs)) delete filter[flag];
        }
        return { game, filter };
      });
  });
}

/**
 * How much a game lacks of the data filters and sorts read: never reached though not web-only
 * (the rarest state, twice), no rank, no votes, no reviews, no rating.
 */
const neverReached = (game: GameSummary) =>
  !game.status.web_only && game.status.last_successful_connect === null;

function lacking(game: GameSummary): number {
  return (
    (neverReached(game) ? 2 : 0) +
    [
      game.ranking.rank === null,
      game.ranking.monthly_votes === 0,
      game.reviews.count === 0,
      game.reviews.rating_count === 0,
    ].filter(Boolean).length
  );
}

/**
 * The first case: the game seen that lacks the most of what filters and sorts read (first in
 * discovery's order among equals), with one of its words, its own connection type, every flag
 * it clearly satisfies and every tag of its categories, sorted on a key it lacks. Bugs live in
 * the null and the absent: an inner join, a NULL compared, a connection type read through a
 * field some games lack drop exactly such a game.
 */
export function lackingGameCase(discovery: Discovery, nowMs: number): GameAndFilter | undefined {
  const wordsOf = new Map<number, string>();
  for (const { word, gameId } of discovery.words) if (!wordsOf.has(gameId)) wordsOf.set(gameId, word);
  let game: GameSummary | undefined;
  for (const candidate of discovery.games)
    if (wordsOf.has(candidate.id) && (game === undefined || lacking(candidate) > lacking(game)))
      game = candidate;
  if (game === undefined) return undefined;
  const index = tagParamIndex(discovery);
  const sort = neverReached(game)
    ? 'recently_online'
    : game.ranking.rank === null
      ? 'top_voted'
      : game.reviews.count === 0
        ? 'most_reviewed'
        : 'last_updated';
  // `recently_online` only for a game that is not web-only: no forbidden combination yet.
  const filter: GamesFilter = {
    q: wordsOf.get(game.id) as string,
    sort,
    connectionType: game.status.web_only ? 'web_only' : 'mud_client',
    tags: categoryTagIds(game)
      .filter((id) => index.has(id))
      .map((id) => ({ param: index.get(id) as string, ids: [id] })),
  };
  for (const flag of ['hasReviews', 'recentlyUpdated', 'onlineRecently'] as const)
    if (clearlySatisfies(game, { ...filter, [flag]: true }, nowMs)) filter[flag] = true;
  return { game, filter: withoutForbiddenCombination(filter) };
}

/**
 * A common word and one tag of the last game (by id) holding it: the word a search returns many
 * games for, the game among the last of them, the tag narrowing them to a page or two. A server
 * that filters a capped first batch of search hits by the tags (a search backend's default
 * result size) drops the game. Undefined when no word of the discovered names and intros is held
 * by several games.
 */
export function commonWordLateGameCase(discovery: Discovery): GameAndFilter | undefined {
  // Whole words of the names and intros, each with the games holding it (D21 reads `q` as a
  // substring; a server matching whole words finds the game too), counted in one pass.
  const holders = new Map<string, GameSummary[]>();
  for (const game of discovery.games) {
    const own = new Set(`${String(game.name)} ${String(game.intro)}`.toLowerCase().split(/[^\p{L}\p{N}]+/u));
    for (const word of own) {
      if (word.length < 4 || !/^\p{L}+$/u.test(word)) continue;
      const list = holders.get(word);
      if (list === undefined) holders.set(word, [game]);
      else list.push(game);
    }
  }
  let best: { word: string; holders: GameSummary[] } | undefined;
  for (const [word, games] of holders)
    if (best === undefined || games.length > best.holders.length) best = { word, holders: games };
  if (best === undefined || best.holders.length < 2) return undefined;
  const index = tagParamIndex(discovery);
  const game = [...best.holders]
    .sort((a, b) => b.id - a.id)
    .find((candidate) => categoryTagIds(candidate).some((id) => index.has(id)));
  if (game === undefined) return undefined;
  const tagId = categoryTagIds(game).find((id) => index.has(id)) as number;
  return { game, filter: { q: best.word, tags: [{ param: index.get(tagId) as string, ids: [tagId] }] } };
}

/**
 * The games nearest the inside edge of each time window (§8: updated in the last 30 days, reached
 * in the last 48 hours), away from it by more than the slack `clearlySatisfies` keeps: one of the
 * game's words with the window's flag alone. A window an hour or a day too narrow (a cut-off read
 * in a local time zone, hours counted from the day's start) drops the game, which the generated
 * cases, each a game drawn from all of them, seldom aim at.
 */
export function windowInsideEdgeCases(discovery: Discovery, nowMs: number): GameAndFilter[] {
  const wordOf = new Map<number, string>();
  for (const { word, gameId } of discovery.words) if (!wordOf.has(gameId)) wordOf.set(gameId, word);
  const windows = [
    {
      flag: 'onlineRecently',
      windowMs: ONLINE_RECENTLY_MS,
      at: (g: GameSummary) => g.status.last_successful_connect,
    },
    { flag: 'recentlyUpdated', windowMs: RECENTLY_UPDATED_MS, at: (g: GameSummary) => g.dates.updated },
  ] as const;
  return windows.flatMap(({ flag, at }) => {
    let nearest: { game: GameSummary; age: number } | undefined;
    for (const game of discovery.games) {
      if (!wordOf.has(game.id) || !clearlySatisfies(game, { [flag]: true }, nowMs)) continue;
      const age = nowMs - Date.parse(String(at(game)));
      if (nearest === undefined || age > nearest.age) nearest = { game, age };
    }
    return nearest === undefined
      ? []
      : [{ game: nearest.game, filter: { q: wordOf.get(nearest.game.id) as string, [flag]: true } }];
  });
}
