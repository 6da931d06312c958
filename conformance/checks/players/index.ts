/** Checks of the `players` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { archivedAndWebOnly } from './archived-and-web-only.ts';
import { chronological } from './chronological.ts';
import { dailyAtMidnight } from './daily-at-midnight.ts';
import { dailyIsRoundedMean } from './daily-is-rounded-mean.ts';
import { dailyMaxSpan } from './daily-max-span.ts';
import { dailyOnePerDay } from './daily-one-per-day.ts';
import { defaultRange } from './default-range.ts';
import { fromAfterTo } from './from-after-to.ts';
import { impossibleDates } from './impossible-dates.ts';
import { invalidGranularity } from './invalid-granularity.ts';
import { maxSpanDefaultTo } from './max-span-default-to.ts';
import { metaEcho } from './meta-echo.ts';
import { notFound } from './not-found.ts';
import { rawMaxSpan } from './raw-max-span.ts';
import { rangeSplit } from './range-split.ts';
import { samplesInRange } from './samples-in-range.ts';
import { schema } from './schema.ts';

export const checks: CheckDefinition[] = [
  schema,
  metaEcho,
  chronological,
  samplesInRange,
  rangeSplit,
  defaultRange,
  dailyOnePerDay,
  dailyAtMidnight,
  dailyIsRoundedMean,
  dailyMaxSpan,
  rawMaxSpan,
  maxSpanDefaultTo,
  fromAfterTo,
  impossibleDates,
  invalidGranularity,
  archivedAndWebOnly,
  notFound,
];
