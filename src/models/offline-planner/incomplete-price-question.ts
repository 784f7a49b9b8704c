import type { Language } from './chat-types.js';
import type { PriceField } from './intent.js';

const FIELD_WORDS: Readonly<Record<Language, Readonly<Record<PriceField, string>>>> = {
  uk: { weight_kg: 'вагу посилки (кг)', origin: 'місто відправлення', destination: 'місто призначення' },
  en: { weight_kg: 'the parcel weight (kg)', origin: 'the origin city', destination: 'the destination city' },
  ru: { weight_kg: 'вес посылки (кг)', origin: 'город отправления', destination: 'город назначения' },
};

// The place is quoted as written: the request's case form («до Варшави») cannot be declined back here.
const NOT_SERVED: Readonly<Record<Language, (places: string) => string>> = {
  uk: (places) => `Маршрут через ${places} Waybill не обслуговує: мережа — Київ, Львів, Одеса, Харків, Дніпро. `,
  en: (places) => `Waybill does not deliver to or from ${places}: the network is Kyiv, Lviv, Odesa, Kharkiv and Dnipro. `,
  ru: (places) => `Маршрут через ${places} Waybill не обслуживает: сеть — Киев, Львов, Одесса, Харьков, Днепр. `,
};

/**
 * Asks for exactly what a price request lacks, instead of guessing it; a place the request named that
 * the network does not serve (`unserved`) is said to be so first, not asked for as if it were missing.
 */
export function incompletePriceQuestion(missing: readonly PriceField[], language: Language, unserved: readonly string[] = []): string {
  const fields = missing.map((field) => FIELD_WORDS[language][field]).join(', ');
  const lead = unserved.length > 0 ? NOT_SERVED[language](unserved.map((place) => (language === 'en' ? place : `«${place}»`)).join(', ')) : '';
  if (language === 'ru') return `${lead}Чтобы рассчитать стоимость доставки, укажите: ${fields}. Города: Киев, Львов, Одесса, Харьков, Днепр.`;
  return language === 'uk'
    ? `${lead}Щоб розрахувати вартість доставки, вкажіть: ${fields}. Міста: Київ, Львів, Одеса, Харків, Дніпро.`
    : `${lead}To quote the delivery, please tell me ${fields}. Cities served: Kyiv, Lviv, Odesa, Kharkiv, Dnipro.`;
}
