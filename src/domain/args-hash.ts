import { createHash } from 'node:crypto';

/** An array or an object being written: its members still to go. */
interface OpenContainer {
  close: ']' | '}';
  source: object;
  members: Array<[string | undefined, unknown]>;
  next: number;
  wrote: boolean;
}

// Array-index keys come first in ascending order, then the rest sorted: the order the earlier
// JSON.stringify-with-replacer version produced (Object.fromEntries puts index keys first), so every
// hash stored before (approvals, idempotency keys, audit entries) is reproduced bit for bit.
const INDEX_KEY = /^(0|[1-9][0-9]*)$/;
const isIndexKey = (key: string) => INDEX_KEY.test(key) && Number(key) < 4294967295;

function sortedEntries(value: object): Array<[string, unknown]> {
  const entries = Object.entries(value);
  const indexes = entries.filter(([key]) => isIndexKey(key)).sort(([a], [b]) => Number(a) - Number(b));
  const rest = entries.filter(([key]) => !isIndexKey(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [...indexes, ...rest];
}

/** The value JSON.stringify would write for `value` under `key` (toJSON applied), or a container to open. */
function prepare(value: unknown, key: string): string | undefined | OpenContainer {
  let inner = value;
  if (typeof inner === 'object' && inner !== null && typeof (inner as { toJSON?: unknown }).toJSON === 'function') {
    inner = (inner as { toJSON(key: string): unknown }).toJSON(key);
  }
  if (inner === null) return 'null';
  switch (typeof inner) {
    case 'string':
    case 'boolean':
      return JSON.stringify(inner);
    case 'number':
      return Number.isFinite(inner) ? JSON.stringify(inner) : 'null';
    case 'bigint':
      throw new TypeError('canonicalJson: a BigInt has no JSON form');
    case 'object':
      return Array.isArray(inner)
        ? { close: ']', source: inner, members: Array.from(inner as unknown[], (item): [undefined, unknown] => [undefined, item]), next: 0, wrote: false }
        : { close: '}', source: inner, members: sortedEntries(inner), next: 0, wrote: false };
    default:
      return undefined;
  }
}

/**
 * JSON with object keys sorted at every depth, so equal arguments always serialise the same way.
 * Iterative (an explicit stack, not recursion), so arguments nested 100,000 levels deep are written
 * like any others instead of overflowing the call stack: a call is never left without its audit entry
 * because its arguments were deep. Same output as JSON.stringify (undefined members dropped in objects
 * and written as null in arrays, non-finite numbers as null, cycles refused with a TypeError).
 */
export function canonicalJson(value: unknown): string {
  const first = prepare(value, '');
  if (typeof first !== 'object') return first as string;
  const parts: string[] = [first.close === ']' ? '[' : '{'];
  const stack: OpenContainer[] = [first];
  const open = new Set<object>([first.source]);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as OpenContainer;
    if (top.next >= top.members.length) {
      parts.push(top.close);
      open.delete(top.source);
      stack.pop();
      continue;
    }
    const [key, member] = top.members[top.next] as [string | undefined, unknown];
    const index = top.next;
    top.next += 1;
    const written = prepare(member, key ?? String(index));
    if (written === undefined && key !== undefined) continue;
    if (top.wrote) parts.push(',');
    top.wrote = true;
    if (key !== undefined) parts.push(JSON.stringify(key), ':');
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

/** SHA-256 (hex) of the canonical JSON of a tool's arguments: the audit trail's and idempotency's fingerprint. */
export function argsHash(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args)).digest('hex');
}
