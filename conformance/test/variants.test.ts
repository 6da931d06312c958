import { decisionOf, describeVariants, PROTOCOL_DECISIONS } from './describe-variants.ts';

describeVariants(
  'legitimate variants of the games, game resources and reviews',
  (variant) => !PROTOCOL_DECISIONS.has(decisionOf(variant)),
);
