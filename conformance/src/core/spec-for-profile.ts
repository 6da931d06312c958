/**
 * spec/openapi.yaml writes our own choices on the open points (spec/DECISIONS.md) into
 * its schemas: the listing-URL key `mudverse` (D1), the statistics and activity field
 * names and weekday numbering (D7, D12), the missing-review code (D16), the rate-limit headers on 503 (D37). Validating another team's server
 * against those names would fail it for a choice the description leaves open, so the
 * suite validates against the spec with the profile's names put in their place.
 */
import { SpecValidator, type JsonSchema, type OpenApiDocument } from '../../../spec/src/spec-loader.ts';
import { DEFAULT_PROFILE, type Profile } from './profile.ts';

type Schema = JsonSchema & { properties?: Record<string, Schema>; required?: string[]; allOf?: Schema[] };

/** Renames properties in an object schema (and the allOf parts it is made of), in place. */
function renameProperties(schema: Schema, renames: Record<string, string>): void {
  for (const part of [schema, ...(schema.allOf ?? [])]) {
    if (part.properties) {
      part.properties = Object.fromEntries(
        Object.entries(part.properties).map(([name, value]) => [renames[name] ?? name, value]),
      );
    }
    if (part.required) part.required = part.required.map((name) => renames[name] ?? name);
  }
}

function changed<T extends Record<string, string>>(ours: T, theirs: T): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ours)
      .filter(([key, name]) => theirs[key] !== name)
      .map(([key, name]) => [name, theirs[key]!]),
  );
}

/** Code enums of a response schema (`allOf: [Error, {properties: {error: {properties: {code: {enum}}}}}]`). */
function setErrorCodes(schema: Schema | undefined, codes: string[]): void {
  for (const part of schema?.allOf ?? []) {
    const code = part.properties?.error?.properties?.code as Schema | undefined;
    if (code && Array.isArray(code.enum)) code.enum = codes;
  }
}

export function specForProfile(document: OpenApiDocument, profile: Profile): SpecValidator {
  const copy = structuredClone(document); // keeps shared $ref targets shared
  const schemas = copy.components.schemas as Record<string, Schema>;
  const urlRename = changed({ key: DEFAULT_PROFILE.listingUrlKey }, { key: profile.listingUrlKey });
  renameProperties(schemas.GameUrlsSummary!, urlRename);
  renameProperties(schemas.GameUrlsDetail!, urlRename);
  // D1: the key's name is open, so the schema (used by must-level checks) only types the
  // profile's key when present; the profile-level GAME-DETAIL-LISTING-URL requires it.
  const listingRequired = schemas.GameUrlsSummary!.required;
  if (listingRequired)
    schemas.GameUrlsSummary!.required = listingRequired.filter((k) => k !== profile.listingUrlKey);
  renameProperties(
    schemas.StatisticsPoint!,
    changed(DEFAULT_PROFILE.statistics.fields, profile.statistics.fields),
  );
  // D12: the weekday's range follows the profile's numbering (the spec writes ISO 1–7).
  const weekday = schemas.ActivityCell!.properties?.weekday;
  if (weekday && profile.activityPattern.weekdays !== 'iso')
    Object.assign(weekday, { minimum: 0, maximum: 6 });
  renameProperties(
    schemas.ActivityCell!,
    changed(DEFAULT_PROFILE.activityPattern.fields, profile.activityPattern.fields),
  );
  const validator = new SpecValidator(copy);
  // D37: the description lists the rate-limit headers on 200, 404, 405, 422 and 429 only;
  // our 503 sends them too, another server need not.
  for (const operation of validator.operations) {
    for (const header of Object.values(operation.responses['503']?.headers ?? {})) header.required = false;
  }
  const reviewNotFound = validator.operation('getReview').responses['404'];
  setErrorCodes(reviewNotFound?.schema as Schema | undefined, [
    ...new Set([...profile.missingReviewCodes, 'route_not_found']),
  ]);
  return validator;
}
