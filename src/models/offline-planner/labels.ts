import type { City, ShipmentStatus } from '../../domain/index.js';
import { CITY_ENGLISH, normaliseCity } from '../../domain/index.js';
import type { Language } from './chat-types.js';

const STATUS_WORDS: Readonly<Record<Language, Readonly<Record<ShipmentStatus, string>>>> = {
  uk: { created: 'створено', in_transit: 'в дорозі', at_branch: 'у відділенні', delayed: 'затримується', delivered: 'доставлено', cancelled: 'скасовано' },
  en: { created: 'created', in_transit: 'in transit', at_branch: 'at the branch', delayed: 'delayed', delivered: 'delivered', cancelled: 'cancelled' },
  ru: { created: 'создано', in_transit: 'в пути', at_branch: 'в отделении', delayed: 'задерживается', delivered: 'доставлено', cancelled: 'отменено' },
};

/** A shipment status in words; an unknown status is shown as it came. */
export function statusWord(status: string | undefined, language: Language): string {
  if (status === undefined) return { uk: 'невідомо', en: 'unknown', ru: 'неизвестно' }[language];
  return (STATUS_WORDS[language] as Readonly<Record<string, string>>)[status] ?? status;
}

const CITY_RUSSIAN: Readonly<Record<City, string>> = { Київ: 'Киев', Львів: 'Львов', Одеса: 'Одесса', Харків: 'Харьков', Дніпро: 'Днепр' };

/** A city as the answer's reader knows it: its name in the answer's language. */
export function cityLabel(value: string | undefined, language: Language): string {
  if (value === undefined) return '?';
  const city = normaliseCity(value);
  if (!city) return value;
  return language === 'uk' ? city : language === 'ru' ? CITY_RUSSIAN[city] : CITY_ENGLISH[city];
}

const DAY_FORMS: Readonly<Record<Exclude<Language, 'en'>, readonly [one: string, few: string, many: string]>> = {
  uk: ['день', 'дні', 'днів'],
  ru: ['день', 'дня', 'дней'],
};

/** "1 день / 2 дні / 5 днів", "1 день / 2 дня / 5 дней" or "1 day / 2 days". */
export function daysLabel(days: number, language: Language): string {
  if (language === 'en') return days === 1 ? '1 day' : `${days} days`;
  const [one, few, many] = DAY_FORMS[language];
  const lastTwo = days % 100;
  const last = days % 10;
  if (last === 1 && lastTwo !== 11) return `${days} ${one}`;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${days} ${few}`;
  return `${days} ${many}`;
}

// Patterns used on tool output; exported so a test can prove them linear.
/** A sentence's final punctuation. */
export const SENTENCE_END = /[.!?…]$/;
/** A run of whitespace, folded to one space. */
export const WHITESPACE_RUN = /\s+/g;

/** A sentence ending with exactly one full stop (quoted notes may end with their own). */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return SENTENCE_END.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** At most `limit` characters of text that came from outside, on one line. */
export function clipText(text: string, limit = 300): string {
  const oneLine = text.replace(WHITESPACE_RUN, ' ').trim();
  return oneLine.length > limit ? `${oneLine.slice(0, limit)}…` : oneLine;
}
