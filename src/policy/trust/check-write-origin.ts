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

/** The arguments that decide what an irreversible call does: which shipment, how much money. */
const DECISIVE_ARGS = ['tracking_id', 'refund_uah'] as const;

/**
 * Structure, not detection (issue 34): with the origins a runtime traced for an irreversible call's
 * arguments (`user_request`, `tool_result`, `third_party`, `model`), a target or an amount that
 * only third-party text supports (a shipment note, a retrieved passage, another agent's output) is
 * refused, whatever the guards made of that text. The user naming the shipment and the amount in
 * their own words is what authorises them. The same words at the runtime and at the MCP server.
 */
export function checkArgOrigins(origins: Readonly<Record<string, string>>): WriteOriginVerdict {
  const fromData = DECISIVE_ARGS.filter((name) => origins[name] === 'third_party');
  if (fromData.length === 0) return { allowed: true };
  return {
    allowed: false,
    detail: `${fromData.join(' and ')}: supported only by third-party text (a note, a document, another agent's output), not by the user's request, and untrusted content cannot set them; nothing was filed. Name the shipment and the amount in your own words to authorise them`,
  };
}
