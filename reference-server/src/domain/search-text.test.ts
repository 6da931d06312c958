import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchText, SearchTextBuilder } from './search-text.ts';

const containing = (search: SearchText, term: string): number[] => {
  const found: number[] = [];
  search.eachContaining(term, (position) => found.push(position));
  return found;
};

/** What the buffer must answer: the positions whose joined, lower-cased fields include the term. */
const expected = (texts: readonly (readonly string[])[], term: string): number[] =>
  texts.flatMap((fields, position) => (fields.join('\n').toLowerCase().includes(term) ? [position] : []));

// Letters from several scripts (1- to 4-byte UTF-8), cased and not, and punctuation.
const letter = fc.constantFrom(..."aBcÉéßİıΣσςЖж中文😀-.,:'".split(/(?:)/u));
const word = fc.array(letter, { minLength: 1, maxLength: 6 }).map((letters) => letters.join(''));
const field = fc.array(word, { maxLength: 5 }).map((words) => words.join(' '));

describe('SearchText', () => {
  it('finds exactly the texts whose lower-cased fields include the term', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        word,
        (texts, term) => {
          const search = SearchText.build(texts.length, (position) => texts[position]!);
          const lower = term.toLowerCase();
          expect(containing(search, lower)).toEqual(expected(texts, lower));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds terms taken from the texts, in every text that has them', () => {
    const texts = [['Dragon Realms', 'Slay the DRAGON'], ['Realm of Ash'], ['中文 dragon😀s'], ['']];
    const search = SearchText.build(texts.length, (position) => texts[position]!);

    expect(containing(search, 'dragon')).toEqual([0, 2]);
    expect(containing(search, 'realm')).toEqual([0, 1]);
    expect(containing(search, 'n😀s')).toEqual([2]);
    expect(containing(search, 'realmsslay')).toEqual([]); // no match spans two fields…
    expect(containing(search, 'ash中文')).toEqual([]); // …or two games
  });

  it('finds nothing for a lone surrogate or an empty term', () => {
    const texts = [['a\uFFFDb'], ['plain']];
    const search = SearchText.build(texts.length, (position) => texts[position]!);

    expect(containing(search, '\uD800')).toEqual([]);
    expect(containing(search, '')).toEqual([]);
    expect(containing(search, '\uFFFD')).toEqual([0]);
  });

  it('keeps a repeated sentence once, and finds it in every text that has it', () => {
    const texts = [
      ['Alpha', 'The sea is wide. Dragons nest here.'],
      ['Beta', 'Dragons nest here. The sea is wide.'],
      ['Gamma', 'Nothing. the sea is wide.'],
    ];
    const search = SearchText.build(texts.length, (position) => texts[position]!);

    // alpha, beta, gamma, "the sea is wide.", "dragons nest here.", "nothing."
    expect(search.distinctPieces).toBe(6);
    expect(containing(search, 'nest')).toEqual([0, 1]);
    expect(containing(search, 'wide.')).toEqual([0, 1, 2]);
    expect(containing(search, 'wide.dragons')).toEqual([]);
  });

  it('grows past its first buffers', () => {
    const long = 'x'.repeat(300_000);
    const texts = Array.from({ length: 3000 }, (_, i) => [`${i % 8 === 0 ? long : ''}${i}`, `${i}. ${i}.`]);
    const search = SearchText.build(texts.length, (position) => texts[position]!);

    expect(containing(search, 'x2992')).toEqual([2992]);
    expect(containing(search, '2999.')).toEqual([2999]);
    expect(search.distinctPieces).toBe(3000 + 3000);
  });
});

describe('SearchTextBuilder', () => {
  it('builds, a slice at a time, what a build at once does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 3 }), { maxLength: 300 }),
        word,
        (texts, term) => {
          const fields = (position: number) => texts[position]!;
          const builder = new SearchTextBuilder(texts.length, fields);
          let slices = 1;
          // A deadline already passed: one slice (64 texts) per step.
          while (!builder.step(0)) slices += 1;
          const lower = term.toLowerCase();

          expect(slices).toBe(Math.max(1, Math.ceil(texts.length / 64)));
          expect(containing(builder.finish(), lower)).toEqual(
            containing(SearchText.build(texts.length, fields), lower),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it('finishes at once what its steps left, and gives the same SearchText after', () => {
    const texts = Array.from({ length: 200 }, (_, i) => [`game ${i}`]);
    const builder = new SearchTextBuilder(texts.length, (position) => texts[position]!);
    builder.step(0);
    expect(builder.done).toBe(false);

    const search = builder.finish();

    expect(builder.done).toBe(true);
    expect(containing(search, 'game 199')).toEqual([199]);
    expect(builder.finish()).toBe(search);
    expect(builder.step(0)).toBe(true);
  });
});
