import { decisionOf, describeVariants, PROTOCOL_DECISIONS } from './describe-variants.ts';

describeVariants('legitimate variants of authentication, protocol and rate limits', (variant) =>
  PROTOCOL_DECISIONS.has(decisionOf(variant)),
);
