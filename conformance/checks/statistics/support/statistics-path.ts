/** §4 statistics endpoints, rule 1 and rule 2. */
export const statisticsPath = (gameId: number): string => `/games/${gameId}/statistics`;
export const activityPatternPath = (gameId: number): string => `/games/${gameId}/activity-pattern`;
