/** Checks of the `players` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';

export const checks: CheckDefinition[] = [];
