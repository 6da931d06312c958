import { BLIND_VARIANTS_3 } from '../../reference-server/src/blind-variants/set-3.ts';
import { describeBlindVariants } from './describe-blind-variants.ts';

describeBlindVariants('blind variant set 3 (open points decided otherwise)', BLIND_VARIANTS_3);
