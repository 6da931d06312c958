import fc from 'fast-check';
import type { CheckContext } from '../../../src/core/check.ts';
import { concretePath, securedPathTemplates } from '../../../src/core/paths.ts';
import { pathValuesArbitrary } from '../../harness/arbitraries/path-values.ts';

/**
 * A path of any secured operation (with ids from discovery) and a foreign Origin for it;
 * `nullOrigin` adds the opaque origin `null` (sandboxed frames, file: pages).
 */
export function foreignOriginRequest(
  ctx: CheckContext,
  { nullOrigin = false }: { nullOrigin?: boolean } = {},
): fc.Arbitrary<{ path: string; origin: string }> {
  const path = fc
    .tuple(fc.constantFrom(...securedPathTemplates(ctx.spec)), pathValuesArbitrary(ctx.discovery))
    .map(([template, values]) => concretePath(template, values));
  const origins = [fc.constant('https://evil.example'), fc.domain().map((domain) => `https://${domain}`)];
  const origin = fc.oneof(...origins, ...(nullOrigin ? [fc.constant('null')] : []));
  return fc.record({ path, origin });
}
