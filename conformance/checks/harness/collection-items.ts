/**
 * The items of a collection answer a check can read: the objects of its `data` array. A server's
 * malformed answer (no array, `null` or text among the items) is for the schema checks to report;
 * the checks that judge other rules of the same answer read what is there and never break on it.
 */
export function collectionItems<T extends object>(body: unknown): T[] {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  if (!Array.isArray(data)) return [];
  return data.filter((item): item is T => typeof item === 'object' && item !== null && !Array.isArray(item));
}
