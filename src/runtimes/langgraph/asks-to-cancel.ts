import { asksForCancellation } from '../../policy/index.js';

// The user's words do not change during a run: whether they ask for a cancellation is read once.
const cancellationAsked = new WeakMap<object, boolean>();

/** Whether the run's own (trusted) words ask for a cancellation: only then is cancel_shipment offered. */
export function asksToCancel(init: { trustedText: string }): boolean {
  let asked = cancellationAsked.get(init);
  if (asked === undefined) {
    asked = asksForCancellation(init.trustedText);
    cancellationAsked.set(init, asked);
  }
  return asked;
}
