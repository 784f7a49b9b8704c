import type { City } from '../../domain/index.js';
import { cityFromWord } from '../../models/offline-planner/city-forms.js';
import { memoByText } from './memo-by-text.js';

/** A city as an answer writes it (any case form, either script), with where it stands. */
export interface CityMention {
  text: string;
  city: City;
  index: number;
}

const WORD = /[\p{L}’'-]+/gu;

/** Every city named in `text`, in order. */
function scanCities(text: string): CityMention[] {
  const found: CityMention[] = [];
  for (const match of text.matchAll(WORD)) {
    // Plain lower-casing: Ukrainian, Russian and English have no locale-specific case rules, and the
    // locale-aware form costs an ICU call per word (about a tenth of the proof loop's time).
    const city = cityFromWord(match[0].toLowerCase());
    if (city) found.push({ text: match[0], city, index: match.index });
  }
  return found;
}

/** The same, remembered per text (memo-by-text.ts): the same array for the same text, read-only. */
export const findCities = memoByText(scanCities);
