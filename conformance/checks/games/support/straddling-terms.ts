/**
 * §4 `q`: "every term must occur somewhere in the game's name, intro or full description" — in
 * one of the three, so a term made of the end of one field and the start of the next occurs in
 * none of them. A server searching the fields joined without a separator (`name || intro ||
 * description`, in whatever order) finds the game by such a term; the judgement
 * (`missingTerms`) reads the description before it fails the game, so a game that does hold the
 * text somewhere passes.
 */
import type { Discovery } from '../../../src/core/discovery.ts';
import type { SearchText } from '../arbitraries/search-text.ts';

/** Letters taken from each side of a boundary (at least MIN_SIDE, at most MAX_SIDE). */
const MAX_SIDE = 4;
const MIN_SIDE = 3;

/**
 * The end of `first` and the start of `second` run together, up to four characters of each and
 * no whitespace (one term), or undefined when either side has fewer than three.
 */
export function straddle(first: string, second: string): string | undefined {
  const end = new RegExp(`\\S{1,${MAX_SIDE}}$`).exec(first.trimEnd())?.[0] ?? '';
  const start = new RegExp(`^\\S{1,${MAX_SIDE}}`).exec(second.trimStart())?.[0] ?? '';
  return end.length >= MIN_SIDE && start.length >= MIN_SIDE ? `${end}${start}` : undefined;
}

/** The discovered names and intros, lower-cased: texts a straddling term must not occur in. */
export function discoveredTexts(discovery: Discovery): string[] {
  return discovery.games.flatMap((game) => [game.name.toLowerCase(), game.intro.toLowerCase()]);
}

/** True when no text holds `term`, compared case-insensitively (D21). */
export function heldByNone(term: string, texts: readonly string[]): boolean {
  const needle = term.toLowerCase();
  return !texts.some((text) => text.toLowerCase().includes(needle));
}

/**
 * The end of a discovered game's name run into the start of its intro (`MUCKSeag` for "Seagard
 * MUCK" + "Seagard MUCK brings…"), spelled as the texts spell it (a case-sensitive server joining
 * the fields matches it too), for the first game whose term no discovered name or intro holds.
 */
export function nameIntroStraddle(discovery: Discovery): SearchText[] {
  const texts = discoveredTexts(discovery);
  for (const game of discovery.games) {
    const term = straddle(game.name, game.intro);
    if (term !== undefined && heldByNone(term, texts)) return [{ q: term, terms: [term] }];
  }
  return [];
}
