/**
 * §4 statistics rule 1: the ten metrics the description lists. They are also the MSSP
 * variables the description expects as numbers (§2 MSSP snapshot), so both the
 * statistics and the MSSP checks read them from here.
 */
export const METRICS = [
  'players',
  'areas',
  'helpfiles',
  'mobiles',
  'objects',
  'rooms',
  'classes',
  'levels',
  'races',
  'skills',
] as const;

/**
 * An MSSP key reduced to its lower-case letters and digits, how both the MSSP and the statistics
 * checks recognise a variable whatever its separators (`XTERM 256 COLORS`, `xterm_256_colors`).
 */
export function lettersOf(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}
