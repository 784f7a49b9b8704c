import type { City } from '../../domain/index.js';
import { normaliseCity } from '../../domain/index.js';
import type { Token } from './tokenize.js';

// normaliseCity knows nominative, English and Russian names; requests also use the other cases
// ("з Одеси до Харкова", "у Києві"), which only a declension table can map back.
const OBLIQUE_FORMS: Readonly<Record<string, City>> = {
  києва: 'Київ', києві: 'Київ', києву: 'Київ', києвом: 'Київ', киева: 'Київ', киеве: 'Київ',
  львова: 'Львів', львові: 'Львів', львову: 'Львів', львовом: 'Львів', львове: 'Львів',
  одеси: 'Одеса', одесі: 'Одеса', одесу: 'Одеса', одесою: 'Одеса', одессы: 'Одеса', одессе: 'Одеса', одессу: 'Одеса',
  харкова: 'Харків', харкові: 'Харків', харкову: 'Харків', харковом: 'Харків', харькова: 'Харків', харькове: 'Харків',
  дніпра: 'Дніпро', дніпрі: 'Дніпро', дніпру: 'Дніпро', дніпром: 'Дніпро', днепра: 'Дніпро', днепре: 'Дніпро',
};

const FROM_WORDS: ReadonlySet<string> = new Set(['з', 'із', 'зі', 'від', 'from', 'из', 'от']);
const TO_WORDS: ReadonlySet<string> = new Set(['до', 'в', 'у', 'на', 'to', 'into', 'in', 'at', 'во']);

/** A city named in a clause; `role` comes from the preposition before it, if any. */
export interface CityMention {
  city: City;
  role: 'from' | 'to' | 'none';
}

// Every spelling a typo is measured against: names in both scripts and the case forms above.
const KNOWN_FORMS: ReadonlyArray<readonly [string, City]> = [
  ...Object.entries(OBLIQUE_FORMS),
  ...(
    [
      ['київ', 'Київ'], ['kyiv', 'Київ'], ['kiev', 'Київ'], ['киев', 'Київ'],
      ['львів', 'Львів'], ['lviv', 'Львів'], ['lvov', 'Львів'], ['львов', 'Львів'],
      ['одеса', 'Одеса'], ['odesa', 'Одеса'], ['odessa', 'Одеса'], ['одесса', 'Одеса'],
      ['харків', 'Харків'], ['kharkiv', 'Харків'], ['kharkov', 'Харків'], ['харьков', 'Харків'],
      ['дніпро', 'Дніпро'], ['dnipro', 'Дніпро'], ['dnepr', 'Дніпро'], ['днепр', 'Дніпро'],
    ] as const
  ),
];

/** Damerau-Levenshtein distance (adjacent swaps count one), stopping early once it passes `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] as number) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

// One slip in a short name ("harkiv", "одеса" as "адеса", "kyev"), two in a long one ("dnipropetr…" is
// not a city, but "kharkvi" and "харькова" typed as "харкова" are). Shorter words are never guessed.
function typoCity(word: string): City | undefined {
  if (word.length < 4) return undefined;
  const limit = word.length >= 8 ? 2 : 1;
  let found: City | undefined;
  let best = limit + 1;
  for (const [form, city] of KNOWN_FORMS) {
    const d = distance(word, form, limit);
    if (d < best) {
      best = d;
      found = city;
    } else if (d === best && found !== city) {
      found = undefined;
    }
  }
  return best <= limit ? found : undefined;
}

/**
 * The canonical city for one lower-case word in any case form, or undefined; a common misspelling
 * (one letter off, two letters swapped) of a known form in either script counts when it is close to
 * exactly one city.
 */
export function cityFromWord(word: string): City | undefined {
  const known = seen.get(word);
  if (known !== undefined) return known ?? undefined;
  const city = OBLIQUE_FORMS[word] ?? normaliseCity(word) ?? typoCity(word);
  // The proof loop asks for every word of every tool result and answer: the typo search measured at
  // about 3 ms a run, on words that repeat from run to run. The answer depends on the word alone.
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.set(word, city ?? null);
  return city;
}

const SEEN_LIMIT = 20_000;
const seen = new Map<string, City | null>();

/** Every city in the tokens, in order, with the role its preposition gives it. */
export function findCities(tokens: readonly Token[]): CityMention[] {
  const mentions: CityMention[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'word') return;
    const city = cityFromWord(token.word);
    if (!city) return;
    const before = tokens[index - 1];
    const preposition = before?.kind === 'word' ? before.word : '';
    const role = FROM_WORDS.has(preposition) ? 'from' : TO_WORDS.has(preposition) ? 'to' : 'none';
    mentions.push({ city, role });
  });
  return mentions;
}
