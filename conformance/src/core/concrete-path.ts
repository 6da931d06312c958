/** A path template of the spec (`/games/{gameId}/mssp`) with its parameters filled in. */
export function concretePath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(String(values[name] ?? 1)),
  );
}
