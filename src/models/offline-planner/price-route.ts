import type { City } from '../../domain/index.js';
import type { CityMention } from './city-forms.js';

/**
 * Origin and destination from the cities of a price request. A preposition decides when there is one
 * ("з Одеси", "to Kharkiv"); otherwise the order does ("Одеса→Харків", "Київ-Львів", "Odesa to Kharkiv").
 */
export function priceRoute(mentions: readonly CityMention[]): { origin?: City; destination?: City } {
  const from = mentions.find((m) => m.role === 'from');
  const to = mentions.find((m) => m.role === 'to');
  const unmarked = mentions.filter((m) => m.role === 'none').map((m) => m.city);
  const origin = from?.city ?? unmarked.shift();
  const destination = to?.city ?? unmarked.shift();
  return { origin, destination };
}
