/** The last page of `total` games at `perPage` a page; page 1 exists (empty) when nothing matches. */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
