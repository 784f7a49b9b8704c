import type { Language } from './chat-types.js';
import { findCities } from './city-forms.js';
import { findService } from './find-service.js';
import { findWeight } from './find-weight.js';
import { cityLabel } from './labels.js';
import { serviceLabel } from './localise.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import { tokenize } from './tokenize.js';

const LEAD: Readonly<Record<Language, string>> = {
  uk: 'Я не зрозумів, що саме потрібно зробити.',
  en: 'I did not understand what you would like me to do.',
  ru: 'Я не понял, что именно нужно сделать.',
};

const UNDERSTOOD: Readonly<Record<Language, string>> = { uk: 'Я розпізнав', en: 'I recognised', ru: 'Я распознал' };

const NOTHING: Readonly<Record<Language, string>> = {
  uk: 'У запиті немає номера відправлення, артикула, маршруту чи питання про правила доставки.',
  en: 'The request names no tracking number, SKU, route or question about the delivery rules.',
  ru: 'В запросе нет номера отправления, артикула, маршрута или вопроса о правилах доставки.',
};

const SCOPE: Readonly<Record<Language, string>> = {
  uk: 'Waybill відповідає про відстеження посилок, залишки на складах, вартість доставки, скасування та правила компанії. Наприклад:',
  en: 'Waybill answers about parcel tracking, warehouse stock, delivery prices, cancellations and company policy. For example:',
  ru: 'Waybill отвечает об отслеживании посылок, остатках на складах, стоимости доставки, отменах и правилах компании. Например:',
};

const EXAMPLES: Readonly<Record<Language, readonly string[]>> = {
  uk: ['«Де посилка TTN-000001?»', '«Скільки коштує доставка 3 кг з Києва до Львова експресом?»', '«Чи можна надіслати літієві батареї?»'],
  en: ['"Where is TTN-000001?"', '"How much is 3 kg from Kyiv to Lviv by express?"', '"Can I send lithium batteries?"'],
  ru: ['«Где посылка TTN-000001?»', '«Сколько стоит доставка 3 кг из Киева во Львов экспрессом?»', '«Можно ли отправить литиевые батареи?»'],
};

const ROUTE: Readonly<Record<Language, string>> = { uk: 'місто', en: 'city', ru: 'город' };
const WEIGHT: Readonly<Record<Language, string>> = { uk: 'вагу', en: 'weight', ru: 'вес' };
const SERVICE: Readonly<Record<Language, string>> = { uk: 'тариф', en: 'service', ru: 'тариф' };

// What the request did give, so the user sees what to add rather than starting over.
function understoodParts(text: string, language: Language): string[] {
  const tokens = tokenize(text.slice(0, MAX_TEXT_CHARS));
  const cities = [...new Set(findCities(tokens).map((mention) => mention.city))];
  const weight = findWeight(tokens);
  const service = findService(tokens);
  return [
    ...cities.map((city) => `${ROUTE[language]} ${cityLabel(city, language)}`),
    ...(weight === undefined ? [] : [`${WEIGHT[language]} ${weight} ${language === 'en' ? 'kg' : 'кг'}`]),
    ...(service === undefined ? [] : [`${SERVICE[language]} ${serviceLabel(service, language)}`]),
  ];
}

/**
 * The reply to a request the offline planner did not understand: what it did recognise, what Waybill
 * answers, and three examples of requests it understands, in the request's language.
 */
export function notUnderstoodMessage(text: string, language: Language): string {
  const parts = understoodParts(text, language);
  const understood = parts.length > 0 ? `${UNDERSTOOD[language]}: ${parts.join(', ')}.` : NOTHING[language];
  return [LEAD[language], understood, SCOPE[language], ...EXAMPLES[language].map((example) => `- ${example}`)].join('\n');
}
