/**
 * Near misses of a key (§5 rule 3: an invalid key is 401 `invalid_api_key`): a character
 * changed, characters appended, the key truncated. A server that compares by prefix, by
 * length or case-insensitively accepts some of them. A changed character differs in letter
 * case too, so every edit is another key under any reading. An example adds a character
 * written in its compatibility form (`³` for `3`): not ASCII, so a malformed key (D51).
 */
import fc from 'fast-check';

export type KeyEdit =
  | { edit: 'truncate'; drop: number }
  | { edit: 'append'; suffix: string }
  | { edit: 'change'; at: number; to: string }
  /** The key's last character that has a Latin-1 compatibility form (`¹ ² ³ ª º`) written in it. */
  | { edit: 'compatibility' };

/**
 * The Latin-1 compatibility forms of characters a key may hold: one byte each in a header, and
 * NFKC (or NFKD) folds each back to its plain character, so a server that normalises header
 * values reads the key.
 */
const COMPATIBILITY: Readonly<Record<string, string>> = {
  '1': '\u00b9',
  '2': '\u00b2',
  '3': '\u00b3',
  a: '\u00aa',
  o: '\u00ba',
};

const CHARS = '0123456789abcdefghijklmnopqrstuvwxyz';

export const keyEdit: fc.Arbitrary<KeyEdit> = fc.oneof(
  fc.integer({ min: 1, max: 8 }).map((drop): KeyEdit => ({ edit: 'truncate', drop })),
  fc.stringMatching(/^[A-Za-z0-9]{1,3}$/).map((suffix): KeyEdit => ({ edit: 'append', suffix })),
  fc.tuple(fc.nat(), fc.constantFrom(...CHARS)).map(([at, to]): KeyEdit => ({ edit: 'change', at, to })),
);

/** The edited key; never equal to `key`, and never empty for a key of two or more characters. */
export function applyKeyEdit(edit: KeyEdit, key: string): string {
  switch (edit.edit) {
    case 'truncate':
      return key.length <= 1 ? '' : key.slice(0, Math.max(1, key.length - edit.drop));
    case 'append':
      return `${key}${edit.suffix}`;
    case 'change': {
      const at = edit.at % key.length;
      const old = key[at]!.toLowerCase();
      const to = edit.to === old ? CHARS[(CHARS.indexOf(edit.to) + 1) % CHARS.length]! : edit.to;
      return `${key.slice(0, at)}${to}${key.slice(at + 1)}`;
    }
    case 'compatibility': {
      const at = Math.max(...[...key].map((c, i) => (COMPATIBILITY[c] === undefined ? -1 : i)));
      // A key without such a character: `¹` appended (another key either way).
      if (at < 0) return `${key}${COMPATIBILITY['1']}`;
      return `${key.slice(0, at)}${COMPATIBILITY[key[at]!]}${key.slice(at + 1)}`;
    }
  }
}
