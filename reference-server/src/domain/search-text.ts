/**
 * The searched text of every listed game (§4 `q`), lower-cased, as an index of its words
 * for substring search.
 *
 * Listing texts repeat: most sentences of a description come from a few templates and
 * vocabularies, so 100,000 games' 72 M characters hold about 260,000 distinct sentences
 * (19 M characters) and only about 7,000 distinct words. Each text is cut into pieces at
 * sentence ends (". ") and line breaks, and every distinct piece into its words (runs of
 * non-whitespace). Kept: the distinct words, lower-cased, as UTF-8 in one buffer (outside the
 * JavaScript heap); for each word the pieces holding it; for each piece the texts holding it;
 * and, once asked for, each word's texts. A term is looked for in the distinct words only
 * (Buffer#indexOf, a native substring search); the texts containing it are the union of its
 * words' texts. Scanning every distinct piece for every new term instead (19 MB, then every
 * text's list of pieces) took 15–30 ms a term at 100,000 games: the slowest 1 % of distinct
 * GET /games queries were all such scans (now 0.05 ms a term at the median, 0.3 ms at p99).
 *
 * Why the answers are those of `text.toLowerCase().includes(term)`: a term never contains
 * whitespace (D21 splits `q` on /\s+/u), so every occurrence of it lies within one run of
 * non-whitespace characters of the lower-cased text: within one word (words are cut at every
 * /\s/u character, pieces and fields at whitespace too). Words are separated by a newline in
 * the buffer, so no match spans two of them there. A byte match of a well-formed UTF-8 term is
 * a match of its characters (UTF-8 is self-synchronising).
 */
import { Bitset } from './bitset.ts';

/** A lone surrogate: such a term cannot occur in any well-formed text. */
const LONE_SURROGATE = /\p{Cs}/u;
/**
 * Words longer than this are not shared through the Map of words: V8 hashes a string of more
 * than 16,383 characters by its length alone, so such words would collide there and each
 * lookup compare them whole (a test's 375 words of 300,000 characters: build 3.8 → 7.8 s).
 */
const LONGEST_SHARED_WORD = 16_383;
const NEWLINE = 10;
const SPACE = 32;
const PERIOD = 46;

/**
 * Whether a UTF-16 code unit is one of /\s/u's characters, what a word ends at (D21 splits `q`
 * on /\s+/u): tested without the regular expression, which cut words at half the speed.
 */
export function isWhitespace(code: number): boolean {
  if (code < 0x80) return code === SPACE || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Lists of numbers per item, all in one array (compressed sparse rows). */
interface Rows {
  /** Where each item's list starts in `values`, and (last) their end. */
  starts: Uint32Array;
  values: Uint32Array;
}

/**
 * The rows of `items` lists given item by item as `values` (each item's from `starts`):
 * for every number that occurs, the items whose lists hold it, ascending (a counting sort).
 */
function invert(values: readonly number[], starts: ArrayLike<number>, items: number, numbers: number): Rows {
  const inverted: Rows = { starts: new Uint32Array(numbers + 1), values: new Uint32Array(values.length) };
  for (const value of values) inverted.starts[value + 1]! += 1;
  for (let n = 0; n < numbers; n++) inverted.starts[n + 1]! += inverted.starts[n]!;
  const next = inverted.starts.slice(0, numbers);
  for (let item = 0; item < items; item++) {
    for (let k = starts[item]!; k < starts[item + 1]!; k++) inverted.values[next[values[k]!]!++] = item;
  }
  return inverted;
}

/** Bytes of the word sets a SearchText keeps (see SearchText.textsOf): a bound for the largest directories. */
const WORD_SETS_BYTES = 32 * 1024 * 1024;

export class SearchText {
  /** The texts holding each word, once asked for (positions, or a bitset where that is smaller). */
  private readonly wordTexts: Array<Uint32Array | Bitset | undefined>;
  private wordTextsBytes = 0;
  /** Where a word's texts are gathered. */
  private readonly gathered: Bitset;

  /** The parts as SearchTextBuilder makes them. */
  constructor(
    /** Number of texts. */
    private readonly count: number,
    /** The distinct words, UTF-8, each followed by a newline. */
    private readonly words: Buffer,
    /** Byte offset of each word, and (last) the end of the buffer. */
    private readonly wordStarts: Uint32Array,
    /** The pieces holding each word. */
    private readonly wordPieces: Rows,
    /** The texts holding each piece. */
    private readonly pieceTexts: Rows,
  ) {
    this.wordTexts = new Array<undefined>(wordStarts.length - 1).fill(undefined);
    this.gathered = Bitset.ofSize(count);
  }

  /**
   * The texts of `count` items, each the `fields` of one (as if joined by newlines), built
   * at once. SearchTextBuilder builds the same a slice at a time.
   */
  static build(count: number, fields: (position: number) => readonly string[]): SearchText {
    return new SearchTextBuilder(count, fields).finish();
  }

  /** The positions of the texts containing `term` (lower-case, no whitespace). */
  containing(term: string): Bitset {
    const found = Bitset.ofSize(this.count);
    if (term.length === 0 || LONE_SURROGATE.test(term)) return found;
    const needle = Buffer.from(term, 'utf8');
    let from = 0;
    for (;;) {
      const hit = this.words.indexOf(needle, from);
      if (hit === -1) return found;
      const word = this.wordAt(hit);
      const texts = this.textsOf(word);
      if (texts instanceof Bitset) found.orWith(texts);
      else for (const position of texts) found.add(position);
      from = this.wordStarts[word + 1]!;
    }
  }

  /**
   * The texts holding a word: gathered from its pieces when first asked for, then kept while
   * the kept sets stay within WORD_SETS_BYTES (9 MB for every word at 100,000 games). A common
   * term such as `ing` is in hundreds of words and 90 % of the texts: gathered from the pieces
   * each time it took 2–5 ms, from the kept sets 0.1–0.3 ms.
   */
  private textsOf(word: number): Uint32Array | Bitset {
    const kept = this.wordTexts[word];
    if (kept !== undefined) return kept;
    const { wordPieces, pieceTexts, gathered } = this;
    gathered.clear();
    // A word's pieces are distinct; a text holding two of them is added twice, to no effect.
    for (let k = wordPieces.starts[word]!; k < wordPieces.starts[word + 1]!; k++) {
      const piece = wordPieces.values[k]!;
      for (let t = pieceTexts.starts[piece]!; t < pieceTexts.starts[piece + 1]!; t++) {
        gathered.add(pieceTexts.values[t]!);
      }
    }
    const size = gathered.count();
    let texts: Uint32Array | Bitset;
    if (size * 4 < gathered.words.byteLength) {
      const positions = new Uint32Array(size);
      let at = 0;
      gathered.forEach((position) => (positions[at++] = position));
      texts = positions;
    } else texts = gathered.copy();
    const bytes = texts instanceof Bitset ? texts.words.byteLength : texts.byteLength;
    if (this.wordTextsBytes + bytes <= WORD_SETS_BYTES) {
      this.wordTexts[word] = texts;
      this.wordTextsBytes += bytes;
    }
    return texts;
  }

  /** Calls `found` once with the position of every text containing `term` (lower-case, no whitespace), in order. */
  eachContaining(term: string, found: (position: number) => void): void {
    this.containing(term).forEach(found);
  }

  /** Bytes held (the word sets kept so far included). */
  get size(): number {
    return (
      this.wordTextsBytes +
      this.gathered.words.byteLength +
      this.words.length +
      this.wordStarts.byteLength +
      this.wordPieces.starts.byteLength +
      this.wordPieces.values.byteLength +
      this.pieceTexts.starts.byteLength +
      this.pieceTexts.values.byteLength
    );
  }

  /** Number of distinct pieces. */
  get distinctPieces(): number {
    return this.pieceTexts.starts.length - 1;
  }

  /** The word holding byte `offset` (binary search over the starts). */
  private wordAt(offset: number): number {
    const starts = this.wordStarts;
    let low = 0;
    let high = starts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * Builds a SearchText a slice of texts at a time, so a server can listen first and build
 * its search between requests (`step`), or at once when a search needs it (`finish`). A
 * piece is cut into words when first met, so the slices carry that work too.
 * The buffers of the result are allocated once at their final size: buffers grown by
 * copying leave freed blocks the C allocator keeps (measured: 50 MiB more resident at
 * 100,000 games).
 */
export class SearchTextBuilder {
  /** Each distinct piece and its number (insertion order is number order). */
  private readonly pieceIds = new Map<string, number>();
  /** Each distinct word and its number (insertion order is number order)… */
  private readonly wordIds = new Map<string, number>();
  /** …but the longest words, not looked up (each occurrence a word of its own), by number. */
  private readonly longWords: string[] = [];
  private wordBytes = 0;
  /** The distinct words of every piece, piece after piece, from pieceWordStarts. */
  private readonly pieceWords: number[] = [];
  private readonly pieceWordStarts: number[] = [0];
  /** The piece each word was last added for (a word repeated within a piece is kept once). */
  private readonly wordLastPiece: number[] = [];
  /** The distinct pieces of every text, text after text, from textStarts. */
  private readonly textPieces: number[] = [];
  /** The text each piece was last added for (a piece repeated within a text is kept once). */
  private readonly pieceLastText: number[] = [];
  private readonly textStarts: Uint32Array;
  /** The next text to add. */
  private position = 0;
  private built: SearchText | undefined;

  constructor(
    private readonly count: number,
    private readonly fields: (position: number) => readonly string[],
  ) {
    this.textStarts = new Uint32Array(count + 1);
  }

  /** Adds texts until `deadline` (a performance.now() reading) is passed or all are added; true when all are. */
  step(deadline: number): boolean {
    while (this.position < this.count) {
      const end = Math.min(this.count, this.position + 64);
      while (this.position < end) this.addText(this.position++);
      if (performance.now() >= deadline) break;
    }
    if (this.position < this.count) return false;
    this.finish();
    return true;
  }

  /** Adds the texts left, then the SearchText (the same one on every call). */
  finish(): SearchText {
    if (this.built) return this.built;
    while (this.position < this.count) this.addText(this.position++);
    const { wordIds, pieceIds, count, textStarts } = this;
    textStarts[count] = this.textPieces.length;

    const wordCount = wordIds.size + this.longWords.length;
    const inOrder: string[] = new Array<string>(wordCount);
    for (const [word, id] of wordIds) inOrder[id] = word;
    let long = 0;
    for (let id = 0; id < wordCount; id++) inOrder[id] ??= this.longWords[long++]!;
    const words = Buffer.allocUnsafe(this.wordBytes);
    const wordStarts = new Uint32Array(wordCount + 1);
    let end = 0;
    for (let id = 0; id < wordCount; id++) {
      wordStarts[id] = end;
      end += words.write(inOrder[id]!, end, 'utf8');
      words[end++] = NEWLINE;
    }
    wordStarts[wordCount] = end;
    this.built = new SearchText(
      count,
      words,
      wordStarts,
      invert(this.pieceWords, this.pieceWordStarts, pieceIds.size, wordCount),
      invert(this.textPieces, textStarts, count, pieceIds.size),
    );
    // What the build held is garbage now.
    wordIds.clear();
    pieceIds.clear();
    for (const list of [
      this.pieceWords,
      this.pieceWordStarts,
      this.wordLastPiece,
      this.textPieces,
      this.longWords,
    ]) {
      list.length = 0;
    }
    this.pieceLastText.length = 0;
    return this.built;
  }

  private addText(position: number): void {
    this.textStarts[position] = this.textPieces.length;
    for (const field of this.fields(position)) {
      const text = field.toLowerCase();
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code === NEWLINE || (code === SPACE && i > 0 && text.charCodeAt(i - 1) === PERIOD)) {
          if (i > start) this.addPiece(text.slice(start, i), position);
          start = i + 1;
        }
      }
      if (start < text.length) this.addPiece(text.slice(start), position);
    }
  }

  private addPiece(piece: string, text: number): void {
    let id = this.pieceIds.get(piece);
    if (id === undefined) {
      id = this.pieceIds.size;
      this.pieceIds.set(piece, id);
      this.addWords(piece, id);
    }
    if (this.pieceLastText[id] === text) return;
    this.pieceLastText[id] = text;
    this.textPieces.push(id);
  }

  /** Cuts a new piece into its words. */
  private addWords(piece: string, pieceId: number): void {
    let start = 0;
    for (let i = 0; i <= piece.length; i++) {
      if (i < piece.length && !isWhitespace(piece.charCodeAt(i))) continue;
      if (i > start) this.addWord(piece.slice(start, i), pieceId);
      start = i + 1;
    }
    this.pieceWordStarts.push(this.pieceWords.length);
  }

  private addWord(word: string, pieceId: number): void {
    let id = word.length > LONGEST_SHARED_WORD ? undefined : this.wordIds.get(word);
    if (id === undefined) {
      id = this.wordIds.size + this.longWords.length;
      if (word.length > LONGEST_SHARED_WORD) this.longWords.push(word);
      else this.wordIds.set(word, id);
      this.wordBytes += Buffer.byteLength(word, 'utf8') + 1;
    }
    if (this.wordLastPiece[id] === pieceId) return;
    this.wordLastPiece[id] = pieceId;
    this.pieceWords.push(id);
  }
}
