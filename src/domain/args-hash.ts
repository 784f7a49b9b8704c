import { createHash } from 'node:crypto';

/** An array or an object being written: its keys (objects only, in output order) and how far it got. */
interface OpenContainer {
  close: ']' | '}';
  source: Record<string, unknown> | unknown[];
  keys: string[] | undefined;
  length: number;
  next: number;
  wrote: boolean;
}

// Array-index keys first in ascending order, then the rest sorted: the order the earlier
// JSON.stringify-with-replacer version produced (Object.fromEntries puts index keys first), so every
// hash stored before (approvals, idempotency keys, audit entries) is reproduced bit for bit.
// Object.keys already lists index keys first and ascending, so only the rest is sorted.
const INDEX_KEY = /^(0|[1-9][0-9]*)$/;
const isIndexKey = (key: string) => INDEX_KEY.test(key) && Number(key) < 4294967295;

function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  let firstName = 0;
  while (firstName < keys.length && isIndexKey(keys[firstName] as string)) firstName += 1;
  if (keys.length - firstName < 2) return keys;
  const names = keys.slice(firstName).sort();
  return firstName === 0 ? names : [...keys.slice(0, firstName), ...names];
}

// JSON.stringify per string is the cost of the whole walk; most strings need no escaping at all.
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}
const quoted = (text: string): string => (needsEscape(text) ? JSON.stringify(text) : `"${text}"`);

/** The value JSON.stringify would write for `value` under `key` (toJSON applied), or a container to open. */
function prepare(value: unknown, key: string): string | undefined | OpenContainer {
  let inner = value;
  if (typeof inner === 'object' && inner !== null && typeof (inner as { toJSON?: unknown }).toJSON === 'function') {
    inner = (inner as { toJSON(key: string): unknown }).toJSON(key);
  }
  if (inner === null) return 'null';
  switch (typeof inner) {
    case 'string':
      return quoted(inner);
    case 'boolean':
      return inner ? 'true' : 'false';
    case 'number':
      // Number-to-string is what JSON.stringify writes for a finite number (-0 included: "0").
      return Number.isFinite(inner) ? String(inner) : 'null';
    case 'bigint':
      throw new TypeError('canonicalJson: a BigInt has no JSON form');
    case 'object': {
      if (Array.isArray(inner)) return { close: ']', source: inner as unknown[], keys: undefined, length: inner.length, next: 0, wrote: false };
      const keys = sortedKeys(inner);
      return { close: '}', source: inner as Record<string, unknown>, keys, length: keys.length, next: 0, wrote: false };
    }
    default:
      return undefined;
  }
}

/**
 * canonicalJson without recursion: an explicit stack, so arguments nested 100,000 levels deep are
 * written like any others. Same output as the recursive form (undefined members dropped in objects and
 * written as null in arrays, non-finite numbers as null, cycles refused with a TypeError).
 */
export function iterativeCanonicalJson(value: unknown): string {
  const first = prepare(value, '');
  if (typeof first !== 'object') return first as string;
  const parts: string[] = [first.close === ']' ? '[' : '{'];
  const stack: OpenContainer[] = [first];
  const open = new Set<object>([first.source]);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as OpenContainer;
    if (top.next >= top.length) {
      parts.push(top.close);
      open.delete(top.source);
      stack.pop();
      continue;
    }
    const index = top.next;
    top.next += 1;
    const key = top.keys?.[index];
    const member = key === undefined ? (top.source as unknown[])[index] : (top.source as Record<string, unknown>)[key];
    const written = prepare(member, key ?? String(index));
    if (written === undefined && key !== undefined) continue;
    if (top.wrote) parts.push(',');
    top.wrote = true;
    if (key !== undefined) parts.push(quoted(key), ':');
    if (written === undefined) parts.push('null');
    else if (typeof written === 'string') parts.push(written);
    else {
      if (open.has(written.source)) throw new TypeError('canonicalJson: the value contains a cycle');
      open.add(written.source);
      parts.push(written.close === ']' ? '[' : '{');
      stack.push(written);
    }
  }
  return parts.join('');
}

const sortKeys = (_key: string, inner: unknown): unknown => {
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
  const entries = Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
};

/**
 * JSON with object keys sorted at every depth, so equal arguments always serialise the same way.
 * Ordinary arguments go through JSON.stringify (native, fast); arguments nested deeper than the call
 * stack allows (a RangeError there, from about 3,000 levels) are written by iterativeCanonicalJson,
 * byte for byte the same, so a call is never left without its audit entry because its arguments were deep.
 */
export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(value, sortKeys);
  } catch (error) {
    if (error instanceof RangeError) return iterativeCanonicalJson(value);
    throw error;
  }
}

/** SHA-256 (hex) of the canonical JSON of a tool's arguments: the audit trail's and idempotency's fingerprint. */
export function argsHash(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args)).digest('hex');
}
