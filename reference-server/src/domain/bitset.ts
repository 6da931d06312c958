/**
 * A fixed-size set of small non-negative integers (the positions of a GameIndex's active
 * games, of a SearchText's texts): one bit each in 32-bit words, so the filters of a query
 * combine a word at a time and their size is a popcount.
 */
export class Bitset {
  constructor(readonly words: Uint32Array) {}

  static ofSize(size: number): Bitset {
    return new Bitset(new Uint32Array(Math.ceil(size / 32)));
  }

  add(position: number): void {
    this.words[position >>> 5]! |= 1 << (position & 31);
  }

  has(position: number): boolean {
    return ((this.words[position >>> 5] ?? 0) & (1 << (position & 31))) !== 0;
  }

  /** Makes this set a copy of `other` (of the same size). */
  setTo(other: Bitset): void {
    this.words.set(other.words);
  }

  clear(): void {
    this.words.fill(0);
  }

  orWith(other: Bitset): void {
    const { words } = this;
    const theirs = other.words;
    for (let i = 0; i < words.length; i++) words[i]! |= theirs[i]!;
  }

  andWith(other: Bitset): void {
    const { words } = this;
    const theirs = other.words;
    for (let i = 0; i < words.length; i++) words[i]! &= theirs[i]!;
  }

  copy(): Bitset {
    return new Bitset(this.words.slice());
  }

  /**
   * Number of members (SWAR popcount per 32-bit word). An indexed loop and Math.imul: `for…of`
   * over the words and a float multiply made it 3.5× slower (19 against 5.4 µs for 3,125 words).
   */
  count(): number {
    const { words } = this;
    const length = words.length;
    let total = 0;
    for (let i = 0; i < length; i++) {
      let word = words[i]!;
      word -= (word >>> 1) & 0x55555555;
      word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
      total += Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return total;
  }

  /** Writes `map[member]` for every member, ascending, into `into` from 0; returns how many. */
  mapInto(map: Uint32Array, into: Uint32Array): number {
    const { words } = this;
    const length = words.length;
    let taken = 0;
    for (let i = 0; i < length; i++) {
      let word = words[i]!;
      while (word !== 0) {
        into[taken++] = map[(i << 5) | (31 - Math.clz32(word & -word))]!;
        word &= word - 1;
      }
    }
    return taken;
  }

  /** Calls `each` with every member, ascending. */
  forEach(each: (position: number) => void): void {
    const { words } = this;
    for (let i = 0; i < words.length; i++) {
      let word = words[i]!;
      while (word !== 0) {
        // The lowest set bit, then cleared.
        const bit = 31 - Math.clz32(word & -word);
        each((i << 5) | bit);
        word &= word - 1;
      }
    }
  }
}
