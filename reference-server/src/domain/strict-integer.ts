/**
 * The one integer grammar for query and path values: `^[1-9][0-9]*$` up to 2^53 − 1.
 * No sign, no leading zero, no exponent, fraction or hex (DECISIONS D18): a value
 * has exactly one spelling, so two URLs never mean the same page.
 */
const POSITIVE_INTEGER = /^[1-9][0-9]*$/;

/** The positive integer spelled by `text`, or undefined when it is not one. */
export function parsePositiveInteger(text: string): number | undefined {
  if (!POSITIVE_INTEGER.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}
