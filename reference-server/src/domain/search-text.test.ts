import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWhitespace, SearchText, SearchTextBuilder } from './search-text.ts';

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
/** Lists of texts of one to three fields each. */
const textLists = (minLength: number, maxLength: number) =>
  fc.array(fc.array(field, { minLength: 1, maxLength: 3 }), { minLength, maxLength });

describe('SearchText', () => {
  it('finds exactly the texts whose lower-cased fields include the term', () => {
    fc.assert(
      fc.property(textLists(0, 12), word, (drawn, term) => {
        const search = SearchText.build(drawn.length, (position) => drawn[position]!);
        const lower = term.toLowerCase();
        expect(containing(search, lower)).toEqual(expected(drawn, lower));
      }),
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
  it('finds, built a slice at a time, exactly the texts that include the term', () => {
    fc.assert(
      // Lists across several 64-text slices.
      fc.property(textLists(60, 300), word, (drawn, term) => {
        const builder = new SearchTextBuilder(drawn.length, (position) => drawn[position]!);
        let slices = 1;
        // A deadline already passed: one slice (64 texts) per step.
        while (!builder.step(0)) slices += 1;
        const lower = term.toLowerCase();

        expect(slices).toBe(Math.max(1, Math.ceil(drawn.length / 64)));
        const search = builder.finish();
        // The drawn term, and a word of every text (terms that occur, wherever the slices cut).
        const words = drawn.flatMap((fields) => fields.join(' ').split(' ').filter(Boolean).slice(0, 1));
        for (const each of [lower, ...words.map((w) => w.toLowerCase())]) {
          expect(containing(search, each)).toEqual(expected(drawn, each));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('finishes at once what its steps left, and gives the same SearchText after', () => {
    const texts = Array.from({ length: 200 }, (_, i) => [`game ${i}`]);
    const builder = new SearchTextBuilder(texts.length, (position) => texts[position]!);
    expect(builder.step(0)).toBe(false); // a deadline already passed: 64 of the 200 texts

    const search = builder.finish();

    expect(containing(search, '199')).toEqual([199]);
    expect(builder.finish()).toBe(search);
    expect(builder.step(0)).toBe(true);
  });
});

describe('isWhitespace', () => {
  it('holds for exactly the code units /\\s/u matches', () => {
    for (let code = 0; code < 0x10000; code++) {
      expect(isWhitespace(code)).toBe(/\s/u.test(String.fromCharCode(code)));
    }
  });

  it('cuts words at every such character, so a term is found on either side of one', () => {
    const texts = [['north\u00a0gate'], ['east\u3000gate\tside'], ['northgate']];
    const search = SearchText.build(texts.length, (position) => texts[position]!);
    expect(containing(search, 'north')).toEqual([0, 2]);
    expect(containing(search, 'gate')).toEqual([0, 1, 2]);
    expect(containing(search, 'side')).toEqual([1]);
  });
});
