/**
 * The field faults of the catalogue (FIELD_FAULTS in faults.ts), applied to a game or review
 * representation the operations built: each breaks one field of §2 the way a serializer
 * would. With none on, the representation is returned as it is.
 */
import { FIELD_FAULTS, type FaultSet, type FieldFault, type FieldMutation } from '../faults.ts';

type Json = Record<string, unknown>;

const MUTATE: Record<FieldMutation, (parent: Json, key: string) => void> = {
  'as-text': (parent, key) => {
    if (typeof parent[key] === 'number') parent[key] = String(parent[key]);
  },
  'as-int': (parent, key) => {
    if (typeof parent[key] === 'boolean') parent[key] = parent[key] ? 1 : 0;
  },
  null: (parent, key) => {
    if (key in parent) parent[key] = null;
  },
  omit: (parent, key) => {
    delete parent[key];
  },
  'omit-null': (parent, key) => {
    if (parent[key] === null) delete parent[key];
  },
  'omit-empty': (parent, key) => {
    if (Array.isArray(parent[key]) && parent[key].length === 0) delete parent[key];
  },
  'path-only': (parent, key) => {
    const value = parent[key];
    if (typeof value === 'string' && /^https?:\/\//.test(value)) parent[key] = new URL(value).pathname;
  },
  'null-as-empty': (parent, key) => {
    if (parent[key] === null) parent[key] = '';
  },
};

function mutate(root: Json, fault: FieldFault): void {
  let parent: unknown = root;
  for (const part of fault.path.slice(0, -1)) {
    parent = typeof parent === 'object' && parent !== null ? (parent as Json)[part] : undefined;
  }
  if (typeof parent === 'object' && parent !== null)
    MUTATE[fault.mutation](parent as Json, fault.path.at(-1)!);
}

/** `value` (already a copy the caller may change) with the switched-on field faults of `resource`. */
export function withFieldFaults<T>(value: T, resource: FieldFault['resource'], faults: FaultSet): T {
  for (const fault of FIELD_FAULTS) {
    if (fault.resource === resource && faults.has(fault.name)) mutate(value as Json, fault);
  }
  return value;
}
