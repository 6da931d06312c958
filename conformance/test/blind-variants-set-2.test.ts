import { BLIND_VARIANTS_2 } from '../../reference-server/src/blind-variants/set-2.ts';
import { describeBlindVariants } from './describe-blind-variants.ts';

describeBlindVariants(
  'blind variant set 2 (deployments: moving data, instances, transport, time)',
  BLIND_VARIANTS_2,
);
