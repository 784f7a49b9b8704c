/** The five cities Waybill serves; the Ukrainian name is canonical everywhere (store, results). */
const CITIES = ['Київ', 'Львів', 'Одеса', 'Харків', 'Дніпро'] as const;

export type City = (typeof CITIES)[number];

/** English transliterations shown next to the canonical name, e.g. in errors. */
export const CITY_ENGLISH: Readonly<Record<City, string>> = {
  Київ: 'Kyiv',
  Львів: 'Lviv',
  Одеса: 'Odesa',
  Харків: 'Kharkiv',
  Дніпро: 'Dnipro',
};

// Users type cities in Ukrainian, English (old and new spellings) and Russian; all of them mean one place.
const ALIASES: Readonly<Record<string, City>> = Object.fromEntries(
  (
    [
      ['Київ', ['київ', 'kyiv', 'kiev', 'kyjiw', 'kijów', 'kijow', 'киев']],
      ['Львів', ['львів', 'lviv', 'lvov', 'lwów', 'lwow', 'львов']],
      ['Одеса', ['одеса', 'odesa', 'odessa', 'одесса']],
      ['Харків', ['харків', 'kharkiv', 'kharkov', 'charków', 'charkow', 'харьков']],
      ['Дніпро', ['дніпро', 'dnipro', 'dnepr', 'dniepr', 'днепр']],
    ] as const
  ).flatMap(([city, names]) => names.map((name) => [name, city] as const)),
);

/** Returns the canonical city for any accepted spelling (case and surrounding spaces ignored), or undefined. */
export function normaliseCity(input: string): City | undefined {
  return ALIASES[input.trim().toLocaleLowerCase('uk-UA')];
}

/** "Київ (Kyiv), Львів (Lviv), …" for problem messages. */
export function describeCities(): string {
  return CITIES.map((city) => `${city} (${CITY_ENGLISH[city]})`).join(', ');
}
