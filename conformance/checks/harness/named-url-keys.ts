/** The keys of game `urls` that §2 names; the listing-page URL is the one it does not (D1). */
export const NAMED_URL_KEYS: ReadonlySet<string> = new Set([
  'self',
  'website',
  'discord',
  'banner',
  'play',
  'mssp',
  'players',
  'reviews',
]);
