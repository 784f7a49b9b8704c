import { shipmentsNamedIn } from './check-write-origin.js';

// Any form of "cancel", "annul", "call off" or "refund" in Ukrainian, English or Russian. Deliberately
// wide: a false positive only offers the tool (every call is still vetted, approved and origin-checked);
// a false negative leaves a real cancellation without its tool.
const CANCEL_WORDS = /скас|анул|відмін|відмов|cancel|annul|call off|refund|поверн|отмен|отказ|возвра|верни/iu;

/**
 * Whether the user's own words ask for a cancellation: a shipment named in trusted text, the same test
 * the write-origin (taint) policy applies to the write itself, and a cancellation word. Used to offer
 * `cancel_shipment` to a worker only when it could be called at all: a cancellation of a shipment the
 * request does not name is refused by checkWriteOrigin whatever the model does.
 */
export function asksForCancellation(trustedText: string): boolean {
  return shipmentsNamedIn(trustedText).size > 0 && CANCEL_WORDS.test(trustedText);
}
