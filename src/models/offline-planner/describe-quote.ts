import type { Language } from './chat-types.js';
import { numberField, textField } from './fields.js';
import { cityLabel, daysLabel } from './labels.js';
import { serviceLabel } from './localise.js';
import { say } from './say.js';

/**
 * A calc_delivery result: the price with the formula the server computed, distance and delivery days;
 * says so when standard was taken because the request named no service.
 */
export function describeQuote(data: Readonly<Record<string, unknown>>, language: Language, serviceAssumed: boolean): string {
  const route = `${cityLabel(textField(data, 'origin'), language)} → ${cityLabel(textField(data, 'destination'), language)}`;
  const weight = numberField(data, 'weight_kg') ?? '?';
  const service = serviceLabel(textField(data, 'service') ?? '?', language);
  const price = numberField(data, 'price_uah') ?? '?';
  const formula = textField(data, 'formula');
  const distance = numberField(data, 'distance_km');
  const days = numberField(data, 'delivery_days');
  const details = [
    formula ? ` (${formula})` : '',
    distance !== undefined ? say(language, { uk: `, відстань ${distance} км`, en: `, ${distance} km`, ru: `, расстояние ${distance} км` }) : '',
    days !== undefined ? say(language, { uk: `, термін доставки ${daysLabel(days, language)}`, en: `, delivered in ${daysLabel(days, language)}`, ru: `, срок доставки ${daysLabel(days, language)}` }) : '',
  ].join('');
  const parts = [
    say(language, {
      uk: `Доставка ${weight} кг ${route} (${service}): ${price} грн${details}.`,
      en: `Delivery of ${weight} kg ${route} (${service}): ${price} UAH${details}.`,
      ru: `Доставка ${weight} кг ${route} (${service}): ${price} грн${details}.`,
    }),
  ];
  const declared = numberField(data, 'declared_value_uah');
  if (declared !== undefined) {
    parts.push(say(language, { uk: `Враховано страхування оголошеної цінності ${declared} грн.`, en: `Includes insurance on a declared value of ${declared} UAH.`, ru: `Учтено страхование объявленной ценности ${declared} грн.` }));
  }
  if (serviceAssumed) {
    parts.push(say(language, { uk: 'Послугу не вказано, тому розраховано за тарифом «Стандарт».', en: 'No service was given, so standard was assumed.', ru: 'Услуга не указана, поэтому рассчитано по тарифу «Стандарт».' }));
  }
  return parts.join(' ');
}
