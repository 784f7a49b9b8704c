import { normaliseTrackingId } from '../../domain/index.js';
import type { Language } from './chat-types.js';
import type { RecordedCall } from './conversation.js';
import { describeCancellation } from './describe-cancellation.js';
import { callAction, describeFailure } from './describe-problems.js';
import { describeQuote } from './describe-quote.js';
import type { ShipmentFocus } from './describe-shipment.js';
import { describeShipment } from './describe-shipment.js';
import { describeStock } from './describe-stock.js';
import { clipText } from './labels.js';
import { toolOutcome } from './tool-outcome.js';

/** How the request shaped the answer to one call. */
export interface DescribeOptions {
  focus?: ShipmentFocus;
  serviceAssumed?: boolean;
}

/** One domain call and its result in the answer's language. */
export function describeCall(call: Pick<RecordedCall, 'name' | 'args' | 'result'>, language: Language, options: DescribeOptions = {}): string {
  const outcome = toolOutcome(call.result);
  if (call.name === 'cancel_shipment') {
    const raw = typeof call.args.tracking_id === 'string' ? call.args.tracking_id : '?';
    const id = normaliseTrackingId(raw) ?? raw;
    return describeCancellation(outcome, id, language);
  }
  if (outcome.kind !== 'ok') return describeFailure(callAction(call.name, call.args, language), outcome, language);
  switch (call.name) {
    case 'track_shipment':
      return describeShipment(outcome.data, language, options.focus);
    case 'check_stock':
      return describeStock(outcome.data, language);
    case 'calc_delivery':
      return describeQuote(outcome.data, language, options.serviceAssumed === true);
    default:
      return clipText(JSON.stringify(outcome.data), 600);
  }
}
