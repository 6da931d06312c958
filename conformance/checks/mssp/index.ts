/** Checks of the `mssp` area, in the order they run. */
import type { CheckDefinition } from '../../src/core/check.ts';
import { archivedAndWebOnly } from './archived-and-web-only.ts';
import { availableWhenCollected } from './available-when-collected.ts';
import { collectedAtMatchesGame } from './collected-at-matches-game.ts';
import { notAvailable } from './not-available.ts';
import { notFound } from './not-found.ts';
import { playersMatchHistory } from './players-match-history.ts';
import { schema } from './schema.ts';
import { snapshotTimeOnGame } from './snapshot-time-on-game.ts';
import { statusMatchesData } from './status-matches-data.ts';
import { valueTypes } from './value-types.ts';

export const checks: CheckDefinition[] = [
  schema,
  statusMatchesData,
  valueTypes,
  collectedAtMatchesGame,
  playersMatchHistory,
  notAvailable,
  archivedAndWebOnly,
  snapshotTimeOnGame,
  availableWhenCollected,
  notFound,
];
