/**
 * The searched text of every listed game (§4 `q`), lower-cased, for substring search.
 *
 * Listing texts repeat: most sentences of a description come from a few templates and
 * vocabularies, so 100,000 games' 72 M characters hold about 280,000 distinct sentences
 * (19 M characters). Each text is cut into pieces at sentence ends (". ") and line breaks;
 * every distinct piece is kept once, lower-cased, as UTF-8 in one buffer (outside the
 * JavaScript heap), and each text as the list of its pieces' numbers. A term is looked for
 * once in the distinct pieces (Buffer#indexOf, a native substring search); a text contains
 * it when one of its pieces does.
 *
 * Why the answers are those of `text.toLowerCase().includes(term)`: a term never contains
 * whitespace (D21 splits `q` on it), and every cut is at a whitespace character (the space
 * after a period, a newline), so a match never spans two pieces, nor two fields (joined by
 * a newline before). Pieces are separated by a newline in the buffer, so no match spans
 * two of them there either. A byte match of a well-formed UTF-8 term is a match of its
 * characters (UTF-8 is self-synchronising).
 */

/** A lone surrogate: such a term cannot occur in any well-formed text. */
const LONE_SURROGATE = /\p{Cs}/u;
const NEWLINE = 10;
const SPACE = 32;
const PERIOD = 46;

export class SearchText {
  /** The parts as SearchTextBuilder makes them. */
  constructor(
    /** The distinct pieces, UTF-8, each followed by a newline. */
    private readonly pieces: Buffer,
    /** Byte offset of each piece, and (last) the end of the buffer. */
    private readonly pieceStarts: Uint32Array,
    /** The pieces of every text, in order, text after text. */
    private readonly textPieces: Uint32Array,
    /** Where each text's pieces start in textPieces, and (last) their end. */
    private readonly textStarts: Uint32Array,
  ) {}

  /**
   * The texts of `count` items, each the `fields` of one (as if joined by newlines), built
   * at once. SearchTextBuilder builds the same a slice at a time.
   */
  static build(count: number, fields: (position: number) => readonly string[]): SearchText {
    return new SearchTextBuilder(count, fields).finish();
  }

  /** Calls `found` once with the position of every text containing `term` (lower-case, no whitespace), in order. */
  eachContaining(term: string, found: (position: number) => void): void {
    if (term.length === 0 || LONE_SURROGATE.test(term)) return;
    const matching = this.piecesContaining(Buffer.from(term, 'utf8'));
    if (matching === undefined) return;
    const { textPieces, textStarts } = this;
    for (let position = 0; position < textStarts.length - 1; position++) {
      for (let k = textStarts[position]!; k < textStarts[position + 1]!; k++) {
        if (matching[textPieces[k]!] === 1) {
          found(position);
          break;
        }
      }
    }
  }

  /** Bytes held. */
  get size(): number {
    return (
      this.pieces.length +
      this.pieceStarts.byteLength +
      this.textPieces.byteLength +
      this.textStarts.byteLength
    );
  }

  /** Number of distinct pieces. */
  get distinctPieces(): number {
    return this.pieceStarts.length - 1;
  }

  /** 1 for every piece containing the needle; undefined when none does. */
  private piecesContaining(needle: Buffer): Uint8Array | undefined {
    let matching: Uint8Array | undefined;
    let from = 0;
    for (;;) {
      const hit = this.pieces.indexOf(needle, from);
      if (hit === -1) return matching;
      const piece = this.pieceAt(hit);
      (matching ??= new Uint8Array(this.distinctPieces))[piece] = 1;
      from = this.pieceStarts[piece + 1]!;
    }
  }

  /** The piece holding byte `offset` (binary search over the starts). */
  private pieceAt(offset: number): number {
    const starts = this.pieceStarts;
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
 * its search between requests (`step`), or at once when a search needs it (`finish`).
 * Every buffer is allocated once at its final size: buffers grown by copying leave freed
 * blocks the C allocator keeps (measured: 50 MiB more resident at 100,000 games).
 */
export class SearchTextBuilder {
  /** Each distinct piece and its number (insertion order is number order). */
  private readonly ids = new Map<string, number>();
  private pieceBytes = 0;
  private readonly textPieces: number[] = [];
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
    const { ids, count, textStarts } = this;
    textStarts[count] = this.textPieces.length;

    const pieces = Buffer.allocUnsafe(this.pieceBytes);
    const pieceStarts = new Uint32Array(ids.size + 1);
    let end = 0;
    let id = 0;
    for (const piece of ids.keys()) {
      pieceStarts[id++] = end;
      end += pieces.write(piece, end, 'utf8');
      pieces[end++] = NEWLINE;
    }
    pieceStarts[id] = end;
    this.built = new SearchText(pieces, pieceStarts, Uint32Array.from(this.textPieces), textStarts);
    // What the build held is garbage now.
    ids.clear();
    this.textPieces.length = 0;
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
          if (i > start) this.addPiece(text.slice(start, i));
          start = i + 1;
        }
      }
      if (start < text.length) this.addPiece(text.slice(start));
    }
  }

  private addPiece(piece: string): void {
    let id = this.ids.get(piece);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(piece, id);
      this.pieceBytes += Buffer.byteLength(piece, 'utf8') + 1;
    }
    this.textPieces.push(id);
  }
}
