import { BLIND_VARIANTS_5 } from '../../reference-server/src/blind-variants/set-5.ts';
import { describeBlindVariants } from './describe-blind-variants.ts';

describeBlindVariants(
  "blind variant set 5 (other stacks' defaults: escaping, reason phrases, header spellings, error details)",
  BLIND_VARIANTS_5,
);
