import type { Language } from './chat-types.js';
import type { PriceField } from './intent.js';

const FIELD_WORDS: Readonly<Record<Language, Readonly<Record<PriceField, string>>>> = {
  uk: { weight_kg: 'вагу посилки (кг)', origin: 'місто відправлення', destination: 'місто призначення' },
  en: { weight_kg: 'the parcel weight (kg)', origin: 'the origin city', destination: 'the destination city' },
  ru: { weight_kg: 'вес посылки (кг)', origin: 'город отправления', destination: 'город назначения' },
};

/** Asks for exactly what a price request lacks, instead of guessing it. */
export function incompletePriceQuestion(missing: readonly PriceField[], language: Language): string {
  const fields = missing.map((field) => FIELD_WORDS[language][field]).join(', ');
  if (language === 'ru') return `Чтобы рассчитать стоимость доставки, укажите: ${fields}. Города: Киев, Львов, Одесса, Харьков, Днепр.`;
  return language === 'uk'
    ? `Щоб розрахувати вартість доставки, вкажіть: ${fields}. Міста: Київ, Львів, Одеса, Харків, Дніпро.`
    : `To quote the delivery, please tell me ${fields}. Cities served: Kyiv, Lviv, Odesa, Kharkiv, Dnipro.`;
}
