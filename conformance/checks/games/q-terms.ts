import fc from 'fast-check';
import { CaseOutOfScope, defineCheck } from '../../src/core/check.ts';
import { errorEnvelopeProblems } from '../../src/core/expect.ts';
import {
  CONTROL_CHARACTER,
  nonAsciiInsideExample,
  nonAsciiTermExamples,
  patternExamples,
  searchOperatorExamples,
  searchSyntaxExamples,
  searchText,
  type SearchText,
} from './arbitraries/search-text.ts';
import { sortName } from './arbitraries/sort-name.ts';
import { toQueryPairs } from './support/games-filter.ts';
import { fetchGamesPage } from '../harness/games-page.ts';
import { lacksTermFailure, missingTerms } from './support/missing-terms.ts';
import { discoveredTexts, heldByNone, nameIntroStraddle, straddle } from './support/straddling-terms.ts';
import type { Discovery } from '../../src/core/discovery.ts';

/** Descriptions fetched per case for games whose name and intro lack a term. */
const DETAIL_FETCHES_PER_CASE = 5;

/** Discovered games whose detail is read, at most, for a term straddling into the description. */
const DESCRIPTION_CANDIDATES = 3;

/**
 * A query of two words taken from two different games, when discovery saw such words, with `OR`
 * between them: the second an English function word that the first word's game lacks, when one
 * is held by some games, else a word of another game. A server matching any term returns the
 * first word's game, and so do one dropping stop words (`or` is one) and one reading `OR` as a
 * web search box or a query-string parser does (either word enough); a correct one returns only
 * games holding all three terms.
 */
function twoGamesWords(discovery: Discovery): SearchText[] {
  const { words } = discovery;
  const first = words[0];
  if (first === undefined) return [];
  const firstGame = discovery.games.find((game) => game.id === first.gameId);
  const second =
    functionWord(discovery, firstGame === undefined ? '' : textOf(firstGame)) ??
    words.find((w) => w.gameId !== first.gameId)?.word;
  return second === undefined ? [] : [{ q: `${first.word} OR ${second}`, terms: [first.word, 'OR', second] }];
}

/**
 * A plural word of a discovered name or intro whose singular (the word less its final `s`) other
 * games' names or intros hold without the plural, the most such games first: a server stemming
 * its terms (`realms` searched as `realm`) returns those games, which lack the term.
 */
function stemmedPluralExample(discovery: Discovery): SearchText[] {
  const texts = discovery.games.map((game) => textOf(game).toLowerCase());
  let best: { word: string; others: number } | undefined;
  const tried = new Set<string>();
  for (const { word } of discovery.words) {
    const lower = word.toLowerCase();
    if (tried.has(lower) || lower.length < 5 || !lower.endsWith('s') || lower.endsWith('ss')) continue;
    tried.add(lower);
    const stem = lower.slice(0, -1);
    const others = texts.filter((text) => text.includes(stem) && !text.includes(lower)).length;
    if (others > 0 && (best === undefined || others > best.others)) best = { word, others };
  }
  return best === undefined ? [] : [{ q: best.word, terms: [best.word] }];
}

/**
 * Three words of one game's name and intro: a word of several discovered games, a word of that
 * game alone, another word of several games. A correct server returns the game (and only games
 * holding all three); one that searches the first term alone, the last alone, or any of them
 * returns games of a common word that lack the rare one. Undefined when no game has such words.
 */
function rareBetweenCommon(discovery: Discovery): SearchText | undefined {
  const texts = discovery.games.map(textOf);
  const holders = (word: string) => texts.filter((text) => text.includes(word)).length;
  for (const text of texts) {
    const own = [...new Set(text.split(/[^\p{L}]+/u).filter((word) => word.length >= 4))];
    const rare = own.find((word) => holders(word) === 1);
    if (rare === undefined) continue;
    const common = own
      .filter((word) => !rare.includes(word) && !word.includes(rare) && holders(word) >= 2)
      .sort((a, b) => holders(b) - holders(a));
    const first = common[0];
    const last = common.find((word) => first !== undefined && !first.includes(word) && !word.includes(first));
    if (first === undefined || last === undefined) continue;
    return { q: `${first} ${rare} ${last}`, terms: [first, rare, last] };
  }
  return undefined;
}

/**
 * English function words, which a full-text search configured for English drops from a query as
 * stop words (so that `q=your` finds every game): §4 makes no exception for them.
 */
const FUNCTION_WORDS = [
  'your',
  'with',
  'from',
  'they',
  'their',
  'there',
  'this',
  'that',
  'these',
  'than',
  'into',
  'about',
  'which',
  'what',
  'when',
  'where',
  'while',
  'were',
  'been',
  'have',
  'will',
  'only',
];

/**
 * The English function word, of those `lacking` does not hold, that some of the discovered names
 * and intros hold but fewer than half of them, the one held by the fewest: a server dropping stop
 * words from `q` returns games that lack it. Undefined when none is.
 */
function functionWord(discovery: Discovery, lacking: string): string | undefined {
  const texts = discovery.games.map(textOf);
  let fewest: { word: string; holders: number } | undefined;
  for (const word of FUNCTION_WORDS) {
    const whole = new RegExp(`\\b${word}\\b`);
    if (whole.test(lacking)) continue;
    const holders = texts.filter((text) => whole.test(text)).length;
    if (holders > 0 && holders < texts.length / 2 && (fewest === undefined || holders < fewest.holders))
      fewest = { word, holders };
  }
  return fewest?.word;
}

/** A discovered game's name and intro, lower-cased: what the examples below look for words in. */
function textOf(game: Discovery['games'][number]): string {
  return `${String(game.name)} ${String(game.intro)}`.toLowerCase();
}

/**
 * Many terms, the one that rules a game out last: every word of the name and intro of the game
 * with the most of them, then a word of another game. A server that reads only the first few terms (a cap on terms, a
 * fixed number of placeholders in its query) returns the first game; a correct one returns it only
 * when its description holds the last word, which the judgement reads before it fails anything.
 */
function manyTermsLastRulesOut(words: ReadonlyArray<{ word: string; gameId: number }>): SearchText[] {
  const byGame = new Map<number, string[]>();
  for (const { word, gameId } of words) {
    const list = byGame.get(gameId) ?? [];
    if (!list.some((known) => known.toLowerCase() === word.toLowerCase())) list.push(word);
    byGame.set(gameId, list);
  }
  const [gameId, own] = [...byGame].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (gameId === undefined || own === undefined || own.length < 3) return [];
  const lower = new Set(own.map((word) => word.toLowerCase()));
  const last = words.find((entry) => entry.gameId !== gameId && !lower.has(entry.word.toLowerCase()))?.word;
  if (last === undefined) return [];
  const terms = [...own, last];
  return [{ q: terms.join(' '), terms }];
}

/**
 * A word of a game's name or intro with the longest label of its own website's host (`www` and
 * labels under five letters aside) that no discovered name or intro holds: a server searching
 * every text column, the website too, returns that game for both terms, and one matching any
 * term returns the games of the word. A correct server returns the game only when its
 * description holds the label, which the judgement reads before it fails anything.
 */
function nameAndWebsiteWords(discovery: Discovery): SearchText[] {
  const texts = discovery.games.map(textOf);
  for (const game of discovery.games) {
    let host: string;
    try {
      host = new URL(game.urls.website ?? '').hostname.toLowerCase();
    } catch {
      continue;
    }
    const label = host
      .split('.')
      .slice(0, -1)
      .filter((part) => part !== 'www' && /^[a-z]{5,}$/.test(part))
      .sort((a, b) => b.length - a.length)[0];
    if (label === undefined || texts.some((text) => text.includes(label))) continue;
    const word = discovery.words.find((entry) => entry.gameId === game.id)?.word;
    if (word !== undefined) return [{ q: `${word} ${label}`, terms: [word, label] }];
  }
  return [];
}

/**
 * A word of a game's name or intro with a word of the name of a tag it carries (a category's or
 * a custom one, five letters or more) that no discovered name or intro holds: a server searching
 * the tags' names with the texts (a joined view, a search document of every label) returns that
 * game for both terms. As for the website's label, a correct server returns it only when its
 * description holds the word.
 */
function nameAndTagWords(discovery: Discovery): SearchText[] {
  const texts = discovery.games.map(textOf);
  for (const game of discovery.games) {
    const tags = [...Object.values(game.tags?.categories ?? {}), ...(game.tags?.custom ?? [])];
    const label = tags
      .flatMap((tag) => (typeof tag?.name === 'string' ? tag.name.toLowerCase().split(/[^a-z]+/) : []))
      .filter((word) => word.length >= 5 && !texts.some((text) => text.includes(word)))
      .sort((a, b) => b.length - a.length)[0];
    if (label === undefined) continue;
    const word = discovery.words.find((entry) => entry.gameId === game.id)?.word;
    if (word !== undefined) return [{ q: `${word} ${label}`, terms: [word, label] }];
  }
  return [];
}

/**
 * Every game returned for `q` contains every whitespace-separated term in its name,
 * intro or description (judged case-insensitively, D21). Two words from different
 * games kill a server that matches any term instead of all; the grammar of `q`
 * (`searchText`: any whitespace, letter case, non-ASCII terms) kills one that splits
 * or folds terms otherwise. A term run across the boundary of two fields (the end of a name
 * and the start of its intro; the end of an intro or name and the start of the description)
 * kills one that searches the fields joined without a separator. A term is its characters as sent:
 * one with an accented letter, with characters of three or four UTF-8 bytes, a NUL or `%uXXXX` as
 * text kills one that folds accents, drops or cuts at what its charset cannot hold, ends a term at
 * a NUL or decodes it again (a NUL may be refused with a 4xx instead, D21).
 */
export const qTerms = defineCheck({
  id: 'GAMES-Q-TERMS',
  area: 'games',
  source:
    '§4 GET /games parameters, q ("every term must occur somewhere in the game\'s name, intro or full description")',
  level: 'must',
  title: 'Every search term occurs in each returned game',
  covers: ['S4.GAMES.Q'],
  comparesAnswers: true,
  decisions: ['D21'],
  async run(ctx) {
    if (ctx.discovery.words.length === 0) return ctx.skip('discovery found no words in names or intros');
    let judged = 0;
    let unjudged = 0;
    /** One search judged: the failure, if a returned game lacks a term. */
    const judge = async ({ q, terms }: SearchText, sort: string | undefined, fresh = false) => {
      const query = toQueryPairs({ q, sort, perPage: 50 });
      if (CONTROL_CHARACTER.test(q)) {
        // D21: a term holding a control character (a NUL) may be refused as an invalid value; a
        // 4xx in the error envelope is then no verdict (the page below is the cache's answer).
        const first = await ctx.client.get('/games', { query, ...(fresh ? { fresh } : {}) });
        if (first.status >= 400 && first.status < 500 && errorEnvelopeProblems(first.body).length === 0)
          throw new CaseOutOfScope(
            `q=${JSON.stringify(q)} holds a control character, refused ${first.status}`,
          );
      }
      const { response, body } = await fetchGamesPage(ctx, query, `to q=${JSON.stringify(q)}`, { fresh });
      const judgement = await missingTerms(ctx, body.data, terms, DETAIL_FETCHES_PER_CASE, { fresh });
      judged += body.data.length - judgement.unjudged;
      unjudged += judgement.unjudged;
      return lacksTermFailure(response, q, judgement);
    };
    // Once per run, whatever the budget, and not a case of the property (a correct server
    // usually returns nothing for it, and the property's first case must judge games): one
    // search and the descriptions of up to five returned games, past the run's cache; a
    // failure is judged once more on fresh answers before it counts (D65: a description may
    // have just gained the label).
    for (const text of nameAndWebsiteWords(ctx.discovery)) {
      ctx.log(`q=${JSON.stringify(text.q)}: a name word with a label of that game's website host`);
      const failure = (await judge(text, undefined, true)) && (await judge(text, undefined, true));
      if (failure !== undefined) ctx.fail(failure);
    }
    const rare = rareBetweenCommon(ctx.discovery);
    const firstCase: SearchText[] = rare
      ? [rare]
      : ctx.discovery.words.slice(0, 1).map(({ word }) => ({ q: word, terms: [word] }));
    await ctx.property(
      [searchText(ctx.discovery), fc.option(sortName(), { nil: undefined })],
      async (text, sort) => {
        const failure = await judge(text, sort);
        if (failure !== undefined) ctx.fail(failure);
      },
      {
        // Up to six requests per case (descriptions): half the run's cases.
        numRuns: Math.max(1, Math.ceil(ctx.runs / 2)),
        // Three words of one game, the middle one its own (it finds that game at least, and a
        // server searching one term or any returns others) — else a word of a listed game —
        // then two words of two different games with `OR` between them, the second an English
        // function word when one fits (a server matching any term, dropping stop words or reading
        // `OR` as an operator returns the first's game).
        examples: [
          ...firstCase.map((text) => [text, undefined]),
          ...twoGamesWords(ctx.discovery).map((text) => [text, undefined]),
          // Every word of one game, then a word of another: a server reading only the first few
          // terms returns the first game.
          ...manyTermsLastRulesOut(ctx.discovery.words).map((text) => [text, undefined]),
          // A name word with a word of a tag the game carries: a server searching the tags' names
          // with the texts returns the game (the website's label is judged once per run above).
          ...nameAndTagWords(ctx.discovery).map((text) => [text, undefined]),
          // A letter outside ASCII inside a word is part of the term.
          ...nonAsciiInsideExample(ctx.discovery).map((text) => [text, undefined]),
          // A web search's syntax (a quoted phrase, a minus before a word) is part of the terms: a
          // correct server usually finds nothing for them (one request each).
          ...searchSyntaxExamples(ctx.discovery).map((text) => [text, undefined]),
          // A term with a wildcard of SQL LIKE or a glob in it matches only that literal text.
          ...patternExamples(ctx.discovery).map((text) => [text, undefined]),
          // The end of a game's name run into the start of its intro, which no discovered name or
          // intro holds: a server searching the fields joined without a separator finds the game.
          ...nameIntroStraddle(ctx.discovery).map((text) => [text, undefined]),
          // A plural whose singular other games hold: a server stemming the term returns them.
          ...stemmedPluralExample(ctx.discovery).map((text) => [text, undefined]),
          // A query-string parser's operators (`+word`, `name:word`, `word~`) are part of the
          // terms: last, so that the cases before them keep their places.
          ...searchOperatorExamples(ctx.discovery).map((text) => [text, undefined]),
          // Terms of text beyond ASCII words, each built from a discovered word so that a server
          // mangling it finds that word's games: the word with an accented vowel (`dragón`: an
          // accent-insensitive collation finds `dragon`), with a NUL inside (a C string ends
          // there), with characters of three and four UTF-8 bytes (a charset that cannot hold
          // them), with `unescape()`'s `%uXXXX` as text. After the others, so that they keep
          // their places; one request each on a correct server (it finds none).
          ...nonAsciiTermExamples(ctx.discovery).map((text) => [text, undefined]),
        ],
      },
    );
    // The second sweep (never in the minimal pass): the other boundaries a server joining the
    // fields may search across, the end of a game's intro, then of its name, run into the start
    // of its description (read from its detail; one request more per item).
    await ctx.sweep(['intro', 'name'] as const, async (field) => {
      const texts = discoveredTexts(ctx.discovery);
      for (const game of ctx.discovery.games.slice(0, DESCRIPTION_CANDIDATES)) {
        const detail = await ctx.client.get(`/games/${game.id}`);
        const data = (detail.body as { data?: Record<string, unknown> } | undefined)?.data;
        const description = data?.description;
        if (detail.status !== 200 || typeof description !== 'string') continue;
        const before = typeof data?.[field] === 'string' ? (data[field] as string) : game[field];
        const term = straddle(before, description);
        if (term === undefined || !heldByNone(term, [...texts, description])) continue;
        ctx.log(
          `q=${JSON.stringify(term)}: the end of game ${game.id}'s ${field} and the start of its description`,
        );
        const failure = await judge({ q: term, terms: [term] }, undefined);
        if (failure !== undefined) ctx.fail(failure);
        return;
      }
      ctx.log(`no term straddling a game's ${field} and description that no text holds`);
    });
    ctx.log(`${judged} games judged, ${unjudged} beyond the description-fetch cap`);
    if (judged === 0) return ctx.skip('no search returned a game');
  },
});
