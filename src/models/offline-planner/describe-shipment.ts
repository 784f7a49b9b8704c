import type { Language } from './chat-types.js';
import { numberField, objectField, objectList, textField } from './fields.js';
import { CYRILLIC } from './detect-language.js';
import { cityLabel, daysLabel, sentence, statusWord } from './labels.js';
import { recordedText } from './localise.js';
import { say } from './say.js';

/** What the question stressed: a delay question leads with the reason, a history question lists every event. */
export type ShipmentFocus = 'delay' | 'history' | undefined;

const dateOf = (at: string | undefined): string => (at ?? '').slice(0, 10);

function eventLine(event: Record<string, unknown>, language: Language): string {
  const where = cityLabel(textField(event, 'location'), language);
  const note = textField(event, 'note');
  const head = `${dateOf(textField(event, 'at'))} ${where}, ${statusWord(textField(event, 'status'), language)}`;
  // The store's event notes are in Ukrainian; an English or Russian answer keeps to the event itself.
  return note && (language === 'uk' || !CYRILLIC.test(note)) ? `${head}: ${note}` : head;
}

// The ETA, and when the result says it has passed (overdue_days, from the domain's clock), that the
// parcel is overdue and by how long, relative to the result's own "today".
function etaSentence(data: Readonly<Record<string, unknown>>, eta: string, language: Language): string {
  const late = numberField(data, 'overdue_days');
  const today = textField(data, 'as_of');
  if (late === undefined || late <= 0) return say(language, { uk: `Очікувана дата доставки: ${eta}.`, en: `Estimated delivery: ${eta}.`, ru: `Ожидаемая дата доставки: ${eta}.` });
  const days = daysLabel(late, language);
  const asOf = today ? say(language, { uk: ` (сьогодні ${today})`, en: ` (today is ${today})`, ru: ` (сегодня ${today})` }) : '';
  return say(language, {
    uk: `Очікувана дата доставки ${eta} минула: посилка прострочена на ${days}${asOf}.`,
    en: `The estimated delivery date ${eta} has passed: the parcel is overdue by ${days}${asOf}.`,
    ru: `Ожидаемая дата доставки ${eta} прошла: посылка просрочена на ${days}${asOf}.`,
  });
}

/**
 * A track_shipment result in one to four sentences: status in words, route, ETA (overdue when it has
 * passed), the delay reason verbatim, any cancellation, and the latest event (or the whole history
 * when asked).
 */
export function describeShipment(data: Readonly<Record<string, unknown>>, language: Language, focus: ShipmentFocus): string {
  const id = textField(data, 'tracking_id') ?? '?';
  const status = statusWord(textField(data, 'shipment_status'), language);
  const raw = textField(data, 'shipment_status');
  const route = `${cityLabel(textField(data, 'origin'), language)} → ${cityLabel(textField(data, 'destination'), language)}`;
  const parts = [say(language, { uk: `Посилка ${id} (${route}): ${status}.`, en: `Shipment ${id} (${route}): ${status}.`, ru: `Посылка ${id} (${route}): ${status}.` })];
  const delay = textField(data, 'delay_reason');
  if (delay) parts.push(sentence(say(language, { uk: `Причина затримки: ${delay}`, en: `Delay reason: ${recordedText(delay, language)}`, ru: `Причина задержки: ${recordedText(delay, language)}` })));
  else if (focus === 'delay' && numberField(data, 'overdue_days') === undefined) parts.push(say(language, { uk: 'Затримки немає.', en: 'It is not delayed.', ru: 'Задержки нет.' }));
  const eta = textField(data, 'eta');
  if (eta && raw !== 'delivered' && raw !== 'cancelled') parts.push(etaSentence(data, eta, language));
  const cancellation = objectField(data, 'cancellation');
  if (cancellation) {
    const refund = numberField(cancellation, 'refund_uah') ?? 0;
    const cid = textField(cancellation, 'cancellation_id') ?? '?';
    parts.push(say(language, { uk: `Скасування ${cid}, повернено ${refund} грн.`, en: `Cancellation ${cid}, ${refund} UAH refunded.`, ru: `Отмена ${cid}, возвращено ${refund} грн.` }));
  }
  const history = objectList(data, 'history');
  if (focus === 'history' && history.length > 0) {
    parts.push(sentence(`${say(language, { uk: 'Історія', en: 'History', ru: 'История' })}: ${history.map((e) => eventLine(e, language)).join('; ')}`));
  } else if (!delay) {
    // For a delayed parcel the latest event repeats the reason; one mention keeps the answer short.
    const latest = history.at(-1);
    if (latest) parts.push(sentence(`${say(language, { uk: 'Остання подія', en: 'Latest event', ru: 'Последнее событие' })}: ${eventLine(latest, language)}`));
  }
  return parts.join(' ');
}
