import type { CallSpec } from './chat-types.js';
import { findCall } from './call-lookup.js';
import type { CancelContext } from './cancel-steps.js';
import { cancelAnswer, cancelCalls } from './cancel-steps.js';
import type { DescribeOptions } from './describe-call.js';
import { describeCall } from './describe-call.js';
import { callAction, describeFailure } from './describe-problems.js';
import { priceCall, stockCall, trackCall } from './domain-calls.js';
import { incompletePriceQuestion } from './incomplete-price-question.js';
import type { Intent } from './intent.js';

/** Everything a step needs to know about the conversation so far. */
export type StepContext = CancelContext;

/** The domain calls an intent needs given the results so far (made calls included; the caller skips them). */
export function intentCalls(intent: Intent, context: StepContext): CallSpec[] {
  switch (intent.kind) {
    case 'track':
      return [trackCall(intent.trackingId)];
    case 'stock':
      return [stockCall(intent)];
    case 'price':
      return [priceCall(intent)];
    case 'cancel':
      return cancelCalls(intent, context);
    case 'incomplete_price':
      return [];
  }
}

function describeSpec(spec: CallSpec, context: StepContext, options: DescribeOptions): string {
  const call = findCall(context.lookup, spec);
  if (!call) return describeFailure(callAction(spec.name, spec.args, context.language), { kind: 'missing' }, context.language);
  return describeCall(call, context.language, options);
}

/** The part of the final answer for one intent, written from its results. */
export function intentAnswer(intent: Intent, context: StepContext): string {
  switch (intent.kind) {
    case 'track':
      return describeSpec(trackCall(intent.trackingId), context, { focus: intent.focus });
    case 'stock':
      return describeSpec(stockCall(intent), context, {});
    case 'price':
      return describeSpec(priceCall(intent), context, { serviceAssumed: intent.serviceAssumed });
    case 'cancel':
      return cancelAnswer(intent, context);
    case 'incomplete_price':
      return incompletePriceQuestion(intent.missing, context.language, intent.unserved);
  }
}
