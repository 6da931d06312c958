/**
 * The API description as a library: the OpenAPI document's path, its loader and validator
 * (the same ajv validators the suite and the server's tests use), and the generated types.
 */
export {
  SPEC_PATH,
  loadSpec,
  loadRawSpec,
  loadSpecValidator,
  SpecValidator,
  type OpenApiDocument,
  type OperationDefinition,
  type ValidationOutcome,
} from './spec-loader.ts';
export type { components, paths, operations } from '../generated/openapi.d.ts';
