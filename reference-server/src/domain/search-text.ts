/**
 * The searched text of every listed game (§4 `q`), lower-cased, as UTF-8 in one buffer:
 * outside the JavaScript heap, one allocation instead of one string per game, and searched
 * with Buffer#indexOf (a native substring search) instead of a loop over strings.
 *
 * Texts are separated by a newline, and so are a game's fields: a term never contains
 * whitespace (D21 splits `q` on it), so no match spans two fields or two games. A byte
 * match of a well-formed UTF-8 term is a match of its characters (UTF-8 is
 * self-synchronising), so the answers are those of `text.toLowerCase().includes(term)`.
 */

/** Bytes a UTF-16 code unit can take in UTF-8, at most. */
const MAX_BYTES_PER_UNIT = 3;
/** A lone surrogate: such a term cannot occur in any well-formed text. */
const LONE_SURROGATE = /\p{Cs}/u;

export class SearchText {
  private constructor(
    private readonly bytes: Buffer,
    /** Byte offset where each text starts, and (last) the end of the buffer. */
    private readonly starts: Uint32Array,
  ) {}

  /** The texts of `count` items, each the `fields` of one joined by newlines. */
  static build(count: number, fields: (position: number) => readonly string[]): SearchText {
    const starts = new Uint32Array(count + 1);
    let bytes = Buffer.allocUnsafe(1 << 20);
    let end = 0;
    for (let position = 0; position < count; position++) {
      starts[position] = end;
      const text = `${fields(position).join('\n').toLowerCase()}\n`;
      const room = end + text.length * MAX_BYTES_PER_UNIT;
      if (room > bytes.length) {
        const grown = Buffer.allocUnsafe(Math.max(room, bytes.length * 2));
        bytes.copy(grown, 0, 0, end);
        bytes = grown;
      }
      end += bytes.write(text, end, 'utf8');
    }
    starts[count] = end;
    // An exact copy: the growing buffer's slack is not kept.
    return new SearchText(Buffer.from(bytes.subarray(0, end)), starts);
  }

  /** Calls `found` once with the position of every text containing `term` (lower-case, no whitespace), in order. */
  eachContaining(term: string, found: (position: number) => void): void {
    if (term.length === 0 || LONE_SURROGATE.test(term)) return;
    const needle = Buffer.from(term, 'utf8');
    let from = 0;
    for (;;) {
      const hit = this.bytes.indexOf(needle, from);
      if (hit === -1) return;
      const position = this.positionAt(hit);
      found(position);
      from = this.starts[position + 1]!;
    }
  }

  /** Bytes held. */
  get size(): number {
    return this.bytes.length + this.starts.byteLength;
  }

  /** The text holding byte `offset` (binary search over the starts). */
  private positionAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
