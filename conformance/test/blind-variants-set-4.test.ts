import { BLIND_VARIANTS_4 } from '../../reference-server/src/blind-variants/set-4.ts';
import { describeBlindVariants } from './describe-blind-variants.ts';

describeBlindVariants(
  'blind variant set 4 (extra members, own parameter names, deployment details)',
  BLIND_VARIANTS_4,
);
