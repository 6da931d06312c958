/** §4 statistics rule 3 and §7: the codes of a 503 from a statistics endpoint. */
export const NOT_READY_CODES = ['statistics_pending', 'statistics_unavailable'] as const;
