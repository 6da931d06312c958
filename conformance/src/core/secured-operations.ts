/**
 * The operations of the spec that live under the base URL and need the key (every one
 * but the retired `/json.php`, which sits at the origin root, D30).
 */
import type { OperationDefinition, SpecValidator } from '../../../spec/src/spec-loader.ts';

export function securedOperations(spec: SpecValidator): OperationDefinition[] {
  return spec.operations.filter((operation) => operation.secured && operation.method === 'GET');
}
