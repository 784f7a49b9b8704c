import type { PiiType } from './pii-type.js';

/**
 * The text that stands in for one redacted item, e.g. `[REDACTED:PHONE]`. It holds no digit and
 * no `@`, so no rule can match inside it: that is what makes redaction idempotent and keeps a
 * redacted span from being matched again by a later rule.
 */
export function redactionMarker(type: PiiType): string {
  return `[REDACTED:${type}]`;
}
