import { METRICS } from '../../../src/core/statistics-metrics.ts';

/**
 * MSSP variables the MSSP specification defines as numbers or as 0/1 capability
 * flags, by their letters only (`XTERM 256 COLORS`, `xterm_256_colors` and
 * `xterm256colors` all read `xterm256colors`): §2 says known fields are normalized
 * "to JSON numbers and booleans where possible" but not how keys are spelled (D44).
 */
export const MSSP_NUMERIC_VARIABLES: ReadonlySet<string> = new Set(['uptime', ...METRICS]);

/**
 * Every variable the MSSP specification defines as a number (a port, a year, a delay, an age
 * besides the counts and UPTIME above): whether the server normalizes the others is its reading of
 * "known" (D44), but each holds a number or the game's text, never a date the server made of it.
 */
export const MSSP_SPEC_NUMERIC_VARIABLES: ReadonlySet<string> = new Set([
  ...MSSP_NUMERIC_VARIABLES,
  'port',
  'created',
  'crawldelay',
  'minimumage',
]);

export const MSSP_FLAG_VARIABLES: ReadonlySet<string> = new Set([
  'ansi',
  'gmcp',
  'mccp',
  'mcp',
  'msdp',
  'msp',
  'mxp',
  'pueblo',
  'utf8',
  'vt100',
  'xterm256colors',
  'xtermtruecolors',
  'paytoplay',
  'payforperks',
  'hiringbuilders',
  'hiringcoders',
]);

export { lettersOf } from '../../../src/core/statistics-metrics.ts';
