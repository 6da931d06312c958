/**
 * Names every JavaScript object answers to (and Python's and Ruby's dunder/meta names alike):
 * an enumerated parameter looked up in a plain object or a map with a prototype (`SORTS[sort]`)
 * finds a function or an object under them, where a value outside the list was meant. Each is a
 * value the description does not list.
 */
export const INHERITED_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__class__',
] as const;
