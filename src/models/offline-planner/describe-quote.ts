import type { Language } from './chat-types.js';
import { numberField, textField } from './fields.js';
import { cityLabel, daysLabel } from './labels.js';
import { serviceLabel } from './localise.js';

/**
 * A calc_delivery result: the price with the formula the server computed, distance and delivery days;
 * says so when standard was taken because the request named no service.
 */
export function describeQuote(data: Readonly<Record<string, unknown>>, language: Language, serviceAssumed: boolean): string {
  const uk = language === 'uk';
  const route = `${cityLabel(textField(data, 'origin'), language)} → ${cityLabel(textField(data, 'destination'), language)}`;
  const weight = numberField(data, 'weight_kg') ?? '?';
  const service = serviceLabel(textField(data, 'service') ?? '?', language);
  const price = numberField(data, 'price_uah') ?? '?';
  const formula = textField(data, 'formula');
  const distance = numberField(data, 'distance_km');
  const days = numberField(data, 'delivery_days');
  const details = [
    formula ? ` (${formula})` : '',
    distance !== undefined ? (uk ? `, відстань ${distance} км` : `, ${distance} km`) : '',
    days !== undefined ? (uk ? `, термін доставки ${daysLabel(days, language)}` : `, delivered in ${daysLabel(days, language)}`) : '',
  ].join('');
  const parts = [
    uk ? `Доставка ${weight} кг ${route} (${service}): ${price} грн${details}.` : `Delivery of ${weight} kg ${route} (${service}): ${price} UAH${details}.`,
  ];
  const declared = numberField(data, 'declared_value_uah');
  if (declared !== undefined) parts.push(uk ? `Враховано страхування оголошеної цінності ${declared} грн.` : `Includes insurance on a declared value of ${declared} UAH.`);
  if (serviceAssumed) parts.push(uk ? 'Послугу не вказано, тому розраховано за тарифом «Стандарт».' : 'No service was given, so standard was assumed.');
  return parts.join(' ');
}
