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
