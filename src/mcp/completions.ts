import type { City } from '../domain/index.js';
import { CITY_ENGLISH, SERVICES } from '../domain/index.js';

/** The spec allows up to 100 values per answer; a short list is what a picker shows. */
export const MAX_COMPLETIONS = 20;

/**
 * What a partly typed tracking id can still become, as a prefix the store can match: `ttn-00` is
 * `TTN-00`, bare digits `0001` are `TTN-0001`; anything else cannot be a tracking id (undefined).
 */
export function trackingIdPrefix(value: string): string | undefined {
  const typed = value.trim().toUpperCase();
  if (/^\d{1,6}$/.test(typed)) return `TTN-${typed}`;
  if ('TTN-'.startsWith(typed) || /^TTN-\d{0,6}$/.test(typed)) return typed;
  return undefined;
}

const CITIES = Object.keys(CITY_ENGLISH) as City[];

/** Cities whose Ukrainian or English name starts with what was typed, in the script it was typed in. */
export function completeCity(value: string): string[] {
  const typed = value.trim().toLocaleLowerCase('uk-UA');
  const latin = /^[a-z\s'-]*$/.test(typed);
  return CITIES.filter((city) => city.toLocaleLowerCase('uk-UA').startsWith(typed) || CITY_ENGLISH[city].toLowerCase().startsWith(typed)).map((city) =>
    latin && typed !== '' ? CITY_ENGLISH[city] : city,
  );
}

/** Services that start with what was typed (any case). */
export function completeService(value: string): string[] {
  const typed = value.trim().toLowerCase();
  return SERVICES.filter((service) => service.startsWith(typed));
}
