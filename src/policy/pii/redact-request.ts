import { redactPii } from './redact-pii.js';
import type { PiiType } from './pii-type.js';

/** A request with its text redacted, and what was found (for a `pii.redacted` audit event). */
export interface RedactedRequest<T extends { readonly input: string }> {
  readonly request: T;
  readonly counts: Partial<Record<PiiType, number>>;
  readonly total: number;
}

/**
 * Redacts the user's request where a run starts, before any model call, checkpoint, run record or
 * audit event sees it: from here on every copy of the request holds typed placeholders
 * (`[REDACTED:PHONE]`), and the raw values exist only where the user typed them. Tracking ids, SKUs,
 * amounts and dates are left alone, so the request still does its work.
 *
 * @example
 * redactRequest({ input: 'Cancel TTN-000004, call me on 067 123 45 67' }).request.input;
 * // 'Cancel TTN-000004, call me on [REDACTED:PHONE]'
 */
export function redactRequest<T extends { readonly input: string }>(request: T): RedactedRequest<T> {
  const redaction = redactPii(request.input);
  if (redaction.total === 0) return { request, counts: {}, total: 0 };
  return { request: { ...request, input: redaction.text }, counts: redaction.counts, total: redaction.total };
}
