import type { SpecValidator } from '../../../spec/src/spec-loader.ts';
import { securedOperations } from './secured-operations.ts';

/** Distinct path templates of the secured operations (`/games`, `/games/{gameId}`, …). */
export function securedPathTemplates(spec: SpecValidator): string[] {
  return [...new Set(securedOperations(spec).map((operation) => operation.path))];
}
