import { normaliseTrackingId } from '../../domain/index.js';

export interface WriteOrigin {
  /** Arguments of the write the model wants to make. */
  args: Readonly<Record<string, unknown>>;
  /** Text that may initiate actions: the user's own request (and an operator's edits), never tool output. */
  trustedText: string;
}

export type WriteOriginVerdict = { allowed: true } | { allowed: false; detail: string };

const TRACKING_IDS = /ttn-\d{6}/gi;

/** The tracking ids `text` names, upper-case: what trusted text may initiate a write on. */
export function shipmentsNamedIn(text: string): Set<string> {
  return new Set((text.match(TRACKING_IDS) ?? []).map((id) => id.toUpperCase()));
}

/**
 * Taint policy for irreversible writes: the object of the write (the shipment) must be named in trusted
 * text. A tracking id that only appears in tool output or a retrieved document can inform an answer but
 * cannot initiate a cancellation, whatever that text says.
 */
export function checkWriteOrigin(origin: WriteOrigin): WriteOriginVerdict {
  const raw = origin.args.tracking_id;
  if (typeof raw !== 'string') return { allowed: true };
  const target = normaliseTrackingId(raw);
  if (!target) return { allowed: true }; // malformed ids are the validator's to reject
  return shipmentsNamedIn(origin.trustedText).has(target)
    ? { allowed: true }
    : { allowed: false, detail: `${target} is not named in the user's request; untrusted content cannot initiate a write` };
}
