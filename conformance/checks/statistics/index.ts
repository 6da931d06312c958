/** Checks of the `statistics` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { activityCellsCheck } from './activity-cells.ts';
import { activityInvalidTimezone } from './activity-invalid-timezone.ts';
import { activityMaxRange } from './activity-max-range.ts';
import { activityNullAverage } from './activity-null-average.ts';
import { invalidDates } from './invalid-dates.ts';
import { invalidSelector } from './invalid-selector.ts';
import { listedSelectorsAccepted } from './listed-selectors-accepted.ts';
import { minAverageMax } from './min-average-max.ts';
import { notFound } from './not-found.ts';
import { notReadyCodes } from './not-ready-codes.ts';
import { nullNotZero } from './null-not-zero.ts';
import { pointCap } from './point-cap.ts';
import { pointCapEdge } from './point-cap-edge.ts';
import { pointCountCap } from './point-count-cap.ts';
import { activityAverageNeedsThree } from './activity-average-needs-three.ts';
import { activityCountsCoverPoints } from './activity-counts-cover-points.ts';
import { activityCellCount } from './activity-cell-count.ts';
import { pointCount } from './point-count.ts';
import { bucketsFitResolution } from './buckets-fit-resolution.ts';
import { rawSpan } from './raw-span.ts';
import { resolutionsAgree } from './resolutions-agree.ts';
import { rawAgreesHourly } from './raw-agrees-hourly.ts';
import { schema } from './schema.ts';
import { pointFields } from './point-fields.ts';
import { activityDefaults } from './activity-defaults.ts';
import { activityWeekGrid } from './activity-week-grid.ts';
import { activityZoneShift } from './activity-zone-shift.ts';
import { activityZoneDay } from './activity-zone-day.ts';
import { activityRangeLimit } from './activity-range-limit.ts';
import { hintedNotReady } from './hinted-not-ready.ts';
import { playerHistoryUnchanged } from './player-history-unchanged.ts';

export const checks: CheckDefinition[] = [
  schema,
  pointFields,
  pointCount,
  pointCap,
  pointCapEdge,
  pointCountCap,
  nullNotZero,
  minAverageMax,
  resolutionsAgree,
  bucketsFitResolution,
  rawAgreesHourly,
  rawSpan,
  listedSelectorsAccepted,
  invalidSelector,
  invalidDates,
  notReadyCodes,
  hintedNotReady,
  notFound,
  activityCellsCheck,
  activityCellCount,
  activityWeekGrid,
  activityZoneShift,
  activityZoneDay,
  activityDefaults,
  activityAverageNeedsThree,
  activityCountsCoverPoints,
  activityNullAverage,
  activityMaxRange,
  activityRangeLimit,
  activityInvalidTimezone,
  playerHistoryUnchanged,
];
