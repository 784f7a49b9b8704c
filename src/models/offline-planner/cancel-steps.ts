import type { CallSpec, Language } from './chat-types.js';
import type { CallLookup } from './call-lookup.js';
import { findCall } from './call-lookup.js';
import { callKey } from './call-key.js';
import type { RecordedCall } from './conversation.js';
import { describeCall } from './describe-call.js';
import { callAction, describeFailure } from './describe-problems.js';
import { cancelCall, trackCall } from './domain-calls.js';
import { numberField, textField } from './fields.js';
import type { Intent } from './intent.js';
import { statusWord } from './labels.js';
import { say } from './say.js';
import { toolOutcome } from './tool-outcome.js';

type CancelIntent = Extract<Intent, { kind: 'cancel' }>;

/** What a cancel step can see: earlier calls and which tools are offered. */
export interface CancelContext {
  lookup: CallLookup;
  offered: ReadonlySet<string>;
  language: Language;
}

// The planner does what a careful model would: look the parcel up first, refund what was paid unless the
// request names an amount, and never propose cancelling a parcel the lookup shows to be final (delivered,
// already cancelled) or after a failed lookup, so no human is asked to approve what the server refuses.
type LookupState =
  | { kind: 'no_lookup_tool' }
  | { kind: 'pending'; track: CallSpec }
  | { kind: 'blocked'; track: CallSpec; call: RecordedCall }
  | { kind: 'ready'; track: CallSpec; paidUah: number };

function lookupState(intent: CancelIntent, context: CancelContext): LookupState {
  if (!context.offered.has('track_shipment')) return { kind: 'no_lookup_tool' };
  const track = trackCall(intent.trackingId);
  const call = findCall(context.lookup, track);
  if (!call || call.result === undefined) return { kind: 'pending', track };
  const outcome = toolOutcome(call.result);
  const paidUah = outcome.kind === 'ok' ? (intent.refundUah ?? numberField(outcome.data, 'paid_uah')) : undefined;
  if (outcome.kind !== 'ok' || outcome.data.cancellable === false || paidUah === undefined) return { kind: 'blocked', track, call };
  return { kind: 'ready', track, paidUah };
}

function earlierCancel(intent: CancelIntent, lookup: CallLookup): RecordedCall | undefined {
  return lookup.get(callKey('cancel_shipment', { tracking_id: intent.trackingId }));
}

/** The calls a cancel intent still needs: the cancel itself, or first a lookup of what was paid. */
export function cancelCalls(intent: CancelIntent, context: CancelContext): CallSpec[] {
  const earlier = earlierCancel(intent, context.lookup);
  if (earlier) return [{ name: earlier.name, args: earlier.args }];
  const state = lookupState(intent, context);
  if (state.kind === 'no_lookup_tool') return intent.refundUah === undefined ? [] : [cancelCall(intent.trackingId, intent.reason, intent.refundUah)];
  if (state.kind === 'ready') return [state.track, cancelCall(intent.trackingId, intent.reason, state.paidUah)];
  return [state.track];
}

function askRefund(trackingId: string, language: Language): string {
  return say(language, { uk: `Щоб скасувати ${trackingId}, вкажіть суму повернення (грн).`, en: `To cancel ${trackingId}, please give the refund amount (UAH).`, ru: `Чтобы отменить ${trackingId}, укажите сумму возврата (грн).` });
}

function blockedAnswer(intent: CancelIntent, call: RecordedCall, language: Language): string {
  const outcome = toolOutcome(call.result);
  if (outcome.kind !== 'ok') {
    const failure = describeFailure(callAction('track_shipment', call.args, language), outcome, language);
    return `${failure} ${say(language, { uk: `Скасування ${intent.trackingId} не виконувалося.`, en: `The cancellation of ${intent.trackingId} was not attempted.`, ru: `Отмена ${intent.trackingId} не выполнялась.` })}`;
  }
  if (outcome.data.cancellable === false) {
    const status = statusWord(textField(outcome.data, 'shipment_status'), language);
    const already = textField(outcome.data, 'shipment_status') === 'cancelled';
    return already
      ? say(language, { uk: `${intent.trackingId} уже скасовано, вдруге його скасувати не можна.`, en: `${intent.trackingId} is already cancelled; it cannot be cancelled twice.`, ru: `${intent.trackingId} уже отменено, повторно отменить его нельзя.` })
      : say(language, { uk: `${intent.trackingId} не можна скасувати: статус — ${status}.`, en: `${intent.trackingId} cannot be cancelled: it is ${status}.`, ru: `${intent.trackingId} нельзя отменить: статус — ${status}.` });
  }
  return askRefund(intent.trackingId, language);
}

/** The answer for a cancel intent once its calls have results. */
export function cancelAnswer(intent: CancelIntent, context: CancelContext): string {
  const { language } = context;
  const earlier = earlierCancel(intent, context.lookup);
  if (earlier) {
    const described = describeCall(earlier, language);
    const lookedUp = intent.refundUah === undefined && toolOutcome(earlier.result).kind === 'ok';
    if (!lookedUp) return described;
    return `${described} ${say(language, { uk: 'Суму повернення взято з оплати відправлення.', en: 'The refund equals what was paid for the shipment.', ru: 'Сумма возврата равна оплате за отправление.' })}`;
  }
  const state = lookupState(intent, context);
  if (state.kind === 'blocked') return blockedAnswer(intent, state.call, language);
  if (intent.refundUah !== undefined) {
    return describeFailure(callAction('cancel_shipment', { tracking_id: intent.trackingId }, language), { kind: 'missing' }, language);
  }
  return askRefund(intent.trackingId, language);
}
