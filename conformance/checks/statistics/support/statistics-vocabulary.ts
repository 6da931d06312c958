/** §4 statistics rule 1: the metrics (in core, shared with MSSP) and resolutions the description lists. */
export { METRICS } from '../../../src/core/statistics-metrics.ts';
export const RESOLUTIONS = ['raw', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
