/** One entry of a blind fault set (set-1.ts, set-2.ts; README.md next to this file). */
export interface BlindFault {
  /** Stable kebab-case id starting with `blind-`. */
  name: string;
  /** The section of the description and the sentence the fault breaks. */
  rule: string;
  /** What the faulty server does, in one declarative sentence. */
  description: string;
  /** The module where the fault is injected (relative to reference-server/src). */
  where: string;
  /** What a black-box user needs besides a normal key to observe it ('' when nothing). */
  hint: string;
}
