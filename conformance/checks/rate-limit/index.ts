/** Checks of the `rate-limit` area, in the order they run (the exhausting ones last, in this order). */
import type { CheckDefinition } from '../../src/core/check.ts';
import { dayLimitRefused } from './day-limit-refused.ts';
import { dayRefusalOutlastsMinute } from './day-refusal-outlasts-minute.ts';
import { headersPresent } from './headers-present.ts';
import { limitConstant } from './limit-constant.ts';
import { limitIsMinuteWhenDayBinds } from './limit-is-minute-when-day-binds.ts';
import { lowKeyLimit } from './low-key-limit.ts';
import { perKey } from './per-key.ts';
import { refusedWhenExhausted } from './refused-when-exhausted.ts';
import { remainingBelowLimit } from './remaining-below-limit.ts';
import { remainingDecrements } from './remaining-decrements.ts';
import { remainingHoldsInWindow } from './remaining-holds-in-window.ts';
import { remainingIsSmaller } from './remaining-is-smaller.ts';
import { requestIdInBody } from './request-id-in-body.ts';
import { requestIdUnique } from './request-id-unique.ts';
import { resetFollowsDay } from './reset-follows-day.ts';
import { resetPlausible } from './reset-plausible.ts';
import { retryAfterHonoured } from './retry-after-honoured.ts';

export const checks: CheckDefinition[] = [
  headersPresent,
  requestIdInBody,
  requestIdUnique,
  remainingDecrements,
  remainingBelowLimit,
  remainingHoldsInWindow,
  limitConstant,
  resetPlausible,
  remainingIsSmaller,
  resetFollowsDay,
  dayLimitRefused,
  dayRefusalOutlastsMinute,
  // After the day-limited key's day is spent: its refusals are among the answers judged.
  limitIsMinuteWhenDayBinds,
  lowKeyLimit,
  perKey,
  refusedWhenExhausted,
  retryAfterHonoured,
];
