import { BLIND_VARIANTS_1 } from '../../reference-server/src/blind-variants/set-1.ts';
import { describeBlindVariants } from './describe-blind-variants.ts';

describeBlindVariants('blind variant set 1 (answers written otherwise)', BLIND_VARIANTS_1);
