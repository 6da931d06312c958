/**
 * Near misses of a key (§5 rule 3: an invalid key is 401 `invalid_api_key`): a character
 * changed, characters appended, the key truncated. A server that compares by prefix, by
 * length or case-insensitively accepts some of them. A changed character differs in letter
 * case too, so every edit is another key under any reading.
 */
import fc from 'fast-check';

export type KeyEdit =
  | { edit: 'truncate'; drop: number }
  | { edit: 'append'; suffix: string }
  | { edit: 'change'; at: number; to: string };

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
  }
}
