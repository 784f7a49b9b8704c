import type { Language } from './chat-types.js';
import { numberField, objectField, objectList, textField } from './fields.js';
import { CYRILLIC } from './detect-language.js';
import { cityLabel, sentence, statusWord } from './labels.js';
import { recordedText } from './localise.js';

/** What the question stressed: a delay question leads with the reason, a history question lists every event. */
export type ShipmentFocus = 'delay' | 'history' | undefined;

const dateOf = (at: string | undefined): string => (at ?? '').slice(0, 10);

function eventLine(event: Record<string, unknown>, language: Language): string {
  const where = cityLabel(textField(event, 'location'), language);
  const note = textField(event, 'note');
  const head = `${dateOf(textField(event, 'at'))} ${where}, ${statusWord(textField(event, 'status'), language)}`;
  // The store's event notes are in Ukrainian; an English answer keeps to the event itself.
  return note && (language === 'uk' || !CYRILLIC.test(note)) ? `${head}: ${note}` : head;
}

/**
 * A track_shipment result in one to four sentences: status in words, route, ETA, the delay reason
 * verbatim, any cancellation, and the latest event (or the whole history when asked).
 */
export function describeShipment(data: Readonly<Record<string, unknown>>, language: Language, focus: ShipmentFocus): string {
  const uk = language === 'uk';
  const id = textField(data, 'tracking_id') ?? '?';
  const status = textField(data, 'shipment_status');
  const route = `${cityLabel(textField(data, 'origin'), language)} → ${cityLabel(textField(data, 'destination'), language)}`;
  const parts = [uk ? `Посилка ${id} (${route}): ${statusWord(status, language)}.` : `Shipment ${id} (${route}): ${statusWord(status, language)}.`];
  const delay = textField(data, 'delay_reason');
  if (delay) parts.push(sentence(uk ? `Причина затримки: ${delay}` : `Delay reason: ${recordedText(delay, language)}`));
  else if (focus === 'delay') parts.push(uk ? 'Затримки немає.' : 'It is not delayed.');
  const eta = textField(data, 'eta');
  if (eta && status !== 'delivered' && status !== 'cancelled') parts.push(uk ? `Очікувана дата доставки: ${eta}.` : `Estimated delivery: ${eta}.`);
  const cancellation = objectField(data, 'cancellation');
  if (cancellation) {
    const refund = numberField(cancellation, 'refund_uah') ?? 0;
    const cid = textField(cancellation, 'cancellation_id') ?? '?';
    parts.push(uk ? `Скасування ${cid}, повернено ${refund} грн.` : `Cancellation ${cid}, ${refund} UAH refunded.`);
  }
  const history = objectList(data, 'history');
  if (focus === 'history' && history.length > 0) {
    parts.push(sentence(`${uk ? 'Історія' : 'History'}: ${history.map((e) => eventLine(e, language)).join('; ')}`));
  } else if (!delay) {
    // For a delayed parcel the latest event repeats the reason; one mention keeps the answer short.
    const latest = history.at(-1);
    if (latest) parts.push(sentence(`${uk ? 'Остання подія' : 'Latest event'}: ${eventLine(latest, language)}`));
  }
  return parts.join(' ');
}
