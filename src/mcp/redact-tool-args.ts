import { isOpaqueId, redactValues } from '../policy/index.js';

// The idempotency key the runtimes derive (policy/control/idempotency-key.ts): thread, tool, 24 hex
// digits of the arguments' hash. Hex runs look like tax ids or phones to the redactor now and then.
const DERIVED_KEY = /^([A-Za-z0-9._-]{1,64}):[a-z_]{1,40}:[0-9a-f]{24}$/;

/**
 * A tool call's arguments as they may be stored: every string redacted, except an idempotency key of
 * the derived shape whose thread part is itself opaque. Redacting that key would change it, so the
 * call would fail the key's format or miss its own earlier effect (about one call in a hundred).
 */
export function redactToolArgs(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return redactValues(args);
  const { idempotency_key: key, ...rest } = args as Record<string, unknown>;
  const redacted = redactValues(rest);
  if (key === undefined) return redacted;
  const derived = typeof key === 'string' ? DERIVED_KEY.exec(key) : null;
  return { ...redacted, idempotency_key: derived && isOpaqueId(derived[1] ?? '') ? key : redactValues(key) };
}
