import fc from 'fast-check';
import { defineCheck } from '../../src/core/check.ts';
import type { GameDetail } from '../../src/core/discovery.ts';
import { failureOf } from '../../src/core/expect.ts';
import { gameNow, termsMissingNow } from './support/game-now.ts';
import { searchTerms, toQueryPairs } from './support/games-filter.ts';
import { walkPages } from './support/walk-pages.ts';
import { spacedTerms } from './arbitraries/spaced-terms.ts';

/** Words of four or more letters, as the text spells them. */
function wordsOf(text: string): string[] {
  return [...new Set(text.split(/[^\p{L}]+/u).filter((word) => word.length >= 4))];
}

/**
 * Searching for one or two words of a listed game finds that game: words of its name
 * or intro (from discovery), or a word of its full description (from its detail).
 * D21: words are sent as the game spells them, so a case-sensitive server passes too.
 */
export const qFindsSource = defineCheck({
  id: 'GAMES-Q-FINDS-SOURCE',
  area: 'games',
  source:
    '§4 GET /games parameters, q ("every term must occur somewhere in the game\'s name, intro or full description")',
  level: 'must',
  title: "Searching a game's own words finds it",
  covers: ['S4.GAMES.Q'],
  comparesAnswers: true,
  decisions: ['D21'],
  async run(ctx) {
    const byGame = new Map<number, string[]>();
    for (const { word, gameId } of ctx.discovery.words)
      byGame.set(gameId, [...(byGame.get(gameId) ?? []), word]);
    if (byGame.size === 0) return ctx.skip('discovery found no words in names or intros');
    // The words joined by any whitespace, before and after them too (§4: "split on whitespace").
    const arbitrary = fc.constantFrom(...byGame.entries()).chain(([gameId, words]) =>
      fc
        .record({
          gameId: fc.constant(gameId),
          words: fc.subarray(words, { minLength: 1, maxLength: Math.min(2, words.length) }),
          /** Search a word of the description instead (the n-th from its end, modulo their number). */
          descriptionWord: fc.option(fc.nat(), { freq: 3, nil: undefined }),
        })
        .chain((pick) => spacedTerms(pick.words).map((spaced) => ({ ...pick, spaced }))),
    );
    let found = 0;
    let inconclusive = 0;
    await ctx.property(
      [arbitrary],
      async ({ gameId, spaced, descriptionWord }) => {
        let q = spaced;
        if (descriptionWord !== undefined) {
          const detail = await ctx.client.get(`/games/${gameId}`);
          const description = (detail.body as { data?: GameDetail } | undefined)?.data?.description;
          const candidates = typeof description === 'string' ? wordsOf(description) : [];
          // From the end: the 0th is the last word, the one a search column cut short misses.
          if (candidates.length > 0)
            q = candidates[candidates.length - 1 - (descriptionWord % candidates.length)] as string;
        }
        const walk = await walkPages(ctx, toQueryPairs({ q }));
        if (walk.games.some((game) => game.id === gameId)) {
          found += 1;
          return;
        }
        if (!walk.complete) {
          inconclusive += 1;
          return;
        }
        // Judged again (D65): a game archived since discovery read its words, or whose texts an
        // edit rewrote (its detail, fresh), is no source of the search any more: no verdict then.
        if (ctx.rechecking) {
          const now = await gameNow(ctx, gameId);
          const gone =
            !now.active || (now.game !== undefined && termsMissingNow(now.game, searchTerms(q)).length > 0);
          if (gone) return;
        }
        const response = await ctx.client.get('/games', { query: toQueryPairs({ q }) });
        ctx.fail(
          failureOf(
            response,
            `Game ${gameId} is not found by q=${JSON.stringify(q)}, words of its own ${descriptionWord === undefined ? 'name or intro' : 'description'}`,
            `game ${gameId} among the results`,
            `${walk.total} games without it`,
          ),
        );
      },
      // A walk per case (up to four requests, one more for a description): half the run's cases.
      // First the longest word of a name or intro as it is (a distinctive term, a short walk)
      // after a word of the game's other text: two terms apart, in another order than the text's.
      {
        numRuns: Math.max(1, Math.ceil(ctx.runs / 2)),
        examples: longestWordExample(byGame, ctx.discovery.games, new Set(ctx.discovery.webOnlyGameIds)),
      },
    );
    ctx.log(`found ${found} times; ${inconclusive} searches too large to walk`);
    if (found === 0) return ctx.skip('every search was too large to walk');
  },
});

/**
 * A word with a capital letter, as the text spells it, a capital I first: a server lower-casing
 * the query and not the text, or the query by another language's rules than the text (a Turkish
 * locale makes `I` a dotless `ı`), misses the game. Sent as spelled, it finds the game on a
 * case-sensitive server too (D21).
 */
function capitalisedWordExample(
  byGame: ReadonlyMap<number, string[]>,
): [{ gameId: number; words: string[]; descriptionWord: undefined; spaced: string }][] {
  let best: { gameId: number; word: string } | undefined;
  for (const [gameId, words] of byGame)
    for (const word of words) {
      if (word === word.toLowerCase()) continue;
      if (best === undefined || (word.includes('I') && !best.word.includes('I'))) best = { gameId, word };
    }
  return best === undefined
    ? []
    : [[{ gameId: best.gameId, words: [best.word], descriptionWord: undefined, spaced: best.word }]];
}

/**
 * A game's shortest word of two or three letters (of its name or intro), the one fewest
 * discovered names and intros hold: a search index that keeps no term that short (a trigram
 * index, a minimum token length) finds nothing for it. A whole word: what it tells is the term's
 * length, not where it sits in a word (the first case's term inside a word does that).
 */
function shortWordExample(
  games: ReadonlyArray<{ id: number; name: string; intro: string }>,
): [{ gameId: number; words: string[]; descriptionWord: undefined; spaced: string }][] {
  const texts = games.map((game) => `${game.name} ${game.intro}`.toLowerCase());
  let best: { gameId: number; word: string; holders: number } | undefined;
  const tried = new Set<string>();
  for (const game of games) {
    for (const word of `${game.name} ${game.intro}`.split(/[^\p{L}\p{N}]+/u)) {
      const lower = word.toLowerCase();
      if (word.length < 2 || word.length > 3 || tried.has(lower)) continue;
      tried.add(lower);
      const holders = texts.filter((text) => text.includes(lower)).length;
      const better =
        best === undefined ||
        word.length < best.word.length ||
        (word.length === best.word.length && holders < best.holders);
      if (better) best = { gameId: game.id, word, holders };
    }
  }
  return best === undefined
    ? []
    : [[{ gameId: best.gameId, words: [best.word], descriptionWord: undefined, spaced: best.word }]];
}

/**
 * The cases searching a game's longest word: inside it (less its first and last letters), after a
 * word of the game's other text (name or intro), so the two terms are neither adjacent nor in the
 * text's order — a search of whole words, for the whole query as one phrase, or for the terms in
 * order, misses the game; then a web-only game's longest
 * word; then the longest word alone, unspaced; then its description's last word.
 */
function longestWordExample(
  byGame: ReadonlyMap<number, string[]>,
  games: ReadonlyArray<{ id: number; name: string; intro: string }>,
  webOnly: ReadonlySet<number>,
): [{ gameId: number; words: string[]; descriptionWord: number | undefined; spaced: string }][] {
  const longest = (among: (gameId: number) => boolean) => {
    let best: { gameId: number; word: string } | undefined;
    for (const [gameId, words] of byGame) {
      if (!among(gameId)) continue;
      for (const word of words)
        if (best === undefined || word.length > best.word.length) best = { gameId, word };
    }
    return best;
  };
  const best = longest(() => true);
  if (best === undefined) return [];
  // A web-only game's own longest word too: a search index filled by the crawler, which never
  // connects to web-only games, finds none of them.
  const web = longest((gameId) => webOnly.has(gameId));
  const webAlone =
    web === undefined || web.gameId === best.gameId
      ? []
      : [[{ gameId: web.gameId, words: [web.word], descriptionWord: undefined, spaced: web.word }]];
  const { gameId, word } = best;
  const game = games.find((g) => g.id === gameId);
  // The other text's first word; sent before the longest word when it comes after it (the
  // intro after the name), after it otherwise.
  const texts = game === undefined ? [] : [game.name, game.intro];
  const otherAt = texts.findIndex((text) => typeof text === 'string' && !wordsOf(text).includes(word));
  const other =
    otherAt < 0
      ? undefined
      : wordsOf(texts[otherAt] as string).find((w) => w.toLowerCase() !== word.toLowerCase());
  // The longest word less its first and last letters: a term inside a word, which "occur
  // somewhere" finds (D21: substring) and a search of whole words (a full-text index's tokens)
  // does not.
  const inner = word.length >= 7 ? word.slice(1, -1) : word;
  const terms = other === undefined ? [] : otherAt === 1 ? [other, inner] : [inner, other];
  const alone = { gameId, words: [word], descriptionWord: undefined, spaced: word };
  return [
    ...(terms.length === 0
      ? []
      : [[{ gameId, words: terms, descriptionWord: undefined, spaced: terms.join(' ') }]]),
    ...webAlone,
    // Then the last word of the same game's description (far past any 255-character column): a
    // search column cut short is a common fault, and the longest word alone after it is the
    // same search as the first, less a term.
    [{ ...alone, descriptionWord: 0 }],
    [alone],
    // A term of two letters (or three), whole word of a game's name or intro.
    ...shortWordExample(games),
    ...capitalisedWordExample(byGame),
  ] as [{ gameId: number; words: string[]; descriptionWord: number | undefined; spaced: string }][];
}
