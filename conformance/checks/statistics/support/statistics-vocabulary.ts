/** §4 statistics rule 1: the metrics and resolutions the description lists. */
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
export const RESOLUTIONS = ['raw', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
