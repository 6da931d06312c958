/** Checks of the `auth` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { beforeMethodCheck } from './before-method-check.ts';
import { beforeRouting } from './before-routing.ts';
import { bearerChallenge } from './bearer-challenge.ts';
import { keyFrames } from './key-frames.ts';
import { keyOnlyInHeader } from './key-only-in-header.ts';
import { malformedHeader } from './malformed-header.ts';
import { missingHeader } from './missing-header.ts';
import { realmServiceName } from './realm-service-name.ts';
import { revokedKey } from './revoked-key.ts';
import { statisticsRequireKey } from './statistics-require-key.ts';
import { unknownKey } from './unknown-key.ts';

export const checks: CheckDefinition[] = [
  missingHeader,
  keyOnlyInHeader,
  malformedHeader,
  unknownKey,
  keyFrames,
  revokedKey,
  bearerChallenge,
  realmServiceName,
  beforeRouting,
  beforeMethodCheck,
  statisticsRequireKey,
];
