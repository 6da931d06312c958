/**
 * The word (four letters or more, as spelled) in the names and intros of the most games given,
 * ties to the first in alphabetical order; undefined when they have no such word. A search for
 * it selects a broad set of the directory — games of every kind, many pages — at one request a
 * page: what the first cases of the checks comparing two answers over a search start from. With
 * `atMost`, the word of the most games among those of at most that many (a search whose result
 * fits on about one page).
 */
export function commonWord(
  games: ReadonlyArray<{ name?: unknown; intro?: unknown }>,
  atMost = Number.POSITIVE_INFINITY,
): string | undefined {
  const gamesOf = new Map<string, number>();
  for (const game of games) {
    const words = new Set<string>();
    for (const text of [game.name, game.intro])
      if (typeof text === 'string')
        for (const word of text.split(/[^\p{L}]+/u)) if (word.length >= 4) words.add(word);
    for (const word of words) gamesOf.set(word, (gamesOf.get(word) ?? 0) + 1);
  }
  let best: string | undefined;
  let bestCount = 0;
  for (const [word, count] of gamesOf) {
    if (count > atMost) continue;
    if (count > bestCount || (count === bestCount && best !== undefined && word < best)) {
      best = word;
      bestCount = count;
    }
  }
  return best;
}
