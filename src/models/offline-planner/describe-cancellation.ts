import type { Language } from './chat-types.js';
import { callAction, describeFailure } from './describe-problems.js';
import { numberField, textField } from './fields.js';
import { say } from './say.js';
import type { ToolOutcome } from './tool-outcome.js';

/**
 * A cancel_shipment result. Success names the cancellation id and refund; a refusal or a rejected or
 * timed-out approval says this request cancelled nothing and refunded nothing.
 */
export function describeCancellation(outcome: ToolOutcome, trackingId: string, language: Language): string {
  if (outcome.kind === 'ok') {
    const { data } = outcome;
    const id = textField(data, 'tracking_id') ?? trackingId;
    const cid = textField(data, 'cancellation_id') ?? '?';
    const refund = numberField(data, 'refund_uah') ?? '?';
    const reason = textField(data, 'reason') ?? '';
    const replay = data.replayed === true
      ? say(language, { uk: ' Це повтор попереднього запиту: вдруге нічого не повернено.', en: ' This repeated an earlier request: nothing was refunded twice.', ru: ' Это повтор предыдущего запроса: повторно ничего не возвращено.' })
      : '';
    return say(language, {
      uk: `Відправлення ${id} скасовано: ${cid}, повернення ${refund} грн, причина: «${reason}».${replay}`,
      en: `Shipment ${id} is cancelled: ${cid}, refund ${refund} UAH, reason: "${reason}".${replay}`,
      ru: `Отправление ${id} отменено: ${cid}, возврат ${refund} грн, причина: «${reason}».${replay}`,
    });
  }
  const failure = describeFailure(callAction('cancel_shipment', { tracking_id: trackingId }, language), outcome, language);
  // Only a refusal proves nothing happened; a pending or unreadable result proves neither way. It proves
  // it of this request only: the shipment may be cancelled already (the refusal then says so).
  if (outcome.kind !== 'error' && outcome.kind !== 'rejected') return failure;
  return `${failure} ${say(language, { uk: `Відправлення ${trackingId} не скасовано цим запитом, кошти не повернено.`, en: `Shipment ${trackingId} is not cancelled by this request, and nothing was refunded.`, ru: `Отправление ${trackingId} не отменено этим запросом, деньги не возвращены.` })}`;
}
