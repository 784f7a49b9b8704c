import { redactPii } from './redact-pii.js';
import { UUID_ID } from './pii-patterns.js';

/** Deeper than this, values are left as they are: no tool or schema takes such nesting, and the walk stays bounded. */
const MAX_DEPTH = 32;

/**
 * A JSON-like value with every string in it (keys included) redacted, for what is stored from outside
 * the request text: decision reasons and edits, tool-call arguments, Agent Protocol metadata. Numbers,
 * booleans and the shape are kept; a value with nothing to redact is returned as it is.
 *
 * @example
 * redactValues({ reason: 'дзвоніть 067 123 45 67', refund_uah: 500 });
 * // { reason: 'дзвоніть [REDACTED:PHONE]', refund_uah: 500 }
 */
export function redactValues<T>(value: T): T {
  return walk(value, 0) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactPii(value).text;
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [redactPii(key).text, walk(item, depth + 1)]));
}


/**
 * Whether an id a caller chose (a thread id, an `X-Request-Id`) is opaque: a UUID, or anything in which
 * the redactor finds no personal data. Ids are stored and sent on (run records, audit events, webhooks),
 * so one that is not opaque is refused or replaced, never kept.
 */
export const isOpaqueId = (id: string): boolean => UUID_ID.test(id) || redactPii(id).total === 0;
