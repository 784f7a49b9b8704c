import { cityFromWord } from './city-forms.js';
import type { Token } from './tokenize.js';

// Prepositions that put a place at either end of a route («з Варшави», «до Берліна», "from Warsaw",
// "to Berlin", «из Минска»); «в», «у», "in" and "at" also name where a parcel is, so they are left out.
const ROUTE_WORDS: ReadonlySet<string> = new Set(['з', 'із', 'зі', 'від', 'до', 'from', 'to', 'into', 'из', 'от']);

// Capitalised words after "from" or "to" that are no place: carriers, days and months.
const NOT_PLACES: ReadonlySet<string> = new Set([
  'нова', 'нової', 'нову', 'новой', 'nova', 'укрпошти', 'укрпошта', 'укрпочты', 'ukrposhta', 'meest', 'dhl', 'fedex', 'ups',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march', 'april', 'may',
  'june', 'july', 'august', 'september', 'october', 'november', 'december',
]);

const capitalised = (text: string, at: number): boolean => {
  const char = text.charAt(at);
  return char !== char.toLowerCase() && char === char.toUpperCase();
};

/**
 * Places a route names that Waybill does not serve: a capitalised word right after "from" or "to" (in
 * uk, en, ru) that is no city of the network, as written in `text` («Варшави», "Warsaw").
 */
export function unservedPlaces(tokens: readonly Token[], text: string): string[] {
  const places: string[] = [];
  tokens.forEach((token, index) => {
    const before = tokens[index - 1];
    if (token.kind !== 'word' || before?.kind !== 'word' || !ROUTE_WORDS.has(before.word)) return;
    if (!capitalised(text, token.start) || NOT_PLACES.has(token.word) || cityFromWord(token.word) !== undefined) return;
    const written = text.slice(token.start, token.end);
    if (!places.includes(written)) places.push(written);
  });
  return places;
}
