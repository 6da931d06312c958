/**
 * One entry of a blind variant set (set-1.ts; README.md next to this file): a server that is
 * correct under the API description but decides a point differently from the reference server,
 * written from the description alone by someone who had not read the suite, its decisions
 * (spec/DECISIONS.md) or the catalogued variants (variants.ts). A conformance suite run against
 * it must fail no `must` check: where one fails, either the suite is wrong or the variant breaks
 * a rule (the README says which, per variant, with the sentences that settle it).
 */
export interface BlindVariant {
  /** Stable kebab-case id starting with the set's prefix (`bv1-` for set 1). */
  name: string;
  /** The sentences of the description that leave the point open or allow the behaviour, quoted with their section. */
  rule: string;
  /** What the server does instead of the reference server, in one declarative sentence. */
  description: string;
  /** The module(s) where the variant is switched (relative to reference-server/src). */
  where: string;
}
