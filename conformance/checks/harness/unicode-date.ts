/**
 * A date `YYYY-MM-DD` written as text pasted from a word processor, a spreadsheet or an input
 * method writes it: its hyphens as a Unicode hyphen (U+2010), an en dash (U+2013) or a minus sign
 * (U+2212), or its digits in another script (full-width, as a Japanese or Chinese input method
 * types them; Arabic-Indic, as an Arabic locale formats them). None is the date §4 asks for
 * (`YYYY-MM-DD`, ASCII); a validator that folds dashes or reads `\d` (Python 3, .NET) or `int()`
 * over every script's digits takes it.
 */
export type UnicodeWriting = 'hyphen' | 'en-dash' | 'minus' | 'full-width' | 'arabic-indic';

/** Every Unicode writing, in the order above. */
export const UNICODE_WRITINGS: readonly UnicodeWriting[] = [
  'hyphen',
  'en-dash',
  'minus',
  'full-width',
  'arabic-indic',
];

/** A date as pasted text carries it: a Unicode writing, or ASCII followed by a line feed (a text file's line). */
export type PastedWriting = UnicodeWriting | 'line-feed';

/** Every pasted writing: the Unicode ones, then the line feed. */
export const PASTED_WRITINGS: readonly PastedWriting[] = [...UNICODE_WRITINGS, 'line-feed'];

const DASHES: Partial<Record<UnicodeWriting, string>> = {
  hyphen: '\u2010',
  'en-dash': '\u2013',
  minus: '\u2212',
};

/** The code point of each script's digit zero (its ten digits follow it). */
const ZEROS: Partial<Record<UnicodeWriting, number>> = { 'full-width': 0xff10, 'arabic-indic': 0x0660 };

/** `date` (`YYYY-MM-DD`) written so. */
export function unicodeDate(date: string, writing: UnicodeWriting): string {
  const dash = DASHES[writing];
  if (dash !== undefined) return date.replaceAll('-', dash);
  const zero = ZEROS[writing]!;
  return date.replace(/[0-9]/g, (digit) => String.fromCodePoint(zero + Number(digit)));
}

/** `date` (`YYYY-MM-DD`) as pasted text carries it. */
export function pastedDate(date: string, writing: PastedWriting): string {
  return writing === 'line-feed' ? `${date}\n` : unicodeDate(date, writing);
}
