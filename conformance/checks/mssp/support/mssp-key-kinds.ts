import { METRICS } from '../../../src/core/statistics-metrics.ts';

/**
 * MSSP variables the MSSP specification defines as numbers or as 0/1 capability
 * flags, by their letters only (`XTERM 256 COLORS`, `xterm_256_colors` and
 * `xterm256colors` all read `xterm256colors`): §2 says known fields are normalized
 * "to JSON numbers and booleans where possible" but not how keys are spelled (D44).
 */
export const MSSP_NUMERIC_VARIABLES: ReadonlySet<string> = new Set(['uptime', ...METRICS]);

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
