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

/** The canonical city for one lower-case word in any case form, or undefined. */
export function cityFromWord(word: string): City | undefined {
  return OBLIQUE_FORMS[word] ?? normaliseCity(word);
}

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
