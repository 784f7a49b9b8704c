/** What a number word contributes to a spelled number: one digit, a teen, a ten, a hundred, "hundred" itself, or a plus sign. */
export type NumberWord =
  | { readonly kind: 'unit'; readonly value: number }
  | { readonly kind: 'teen'; readonly value: number }
  | { readonly kind: 'ten'; readonly value: number }
  | { readonly kind: 'hundreds'; readonly value: number }
  | { readonly kind: 'hundred' }
  | { readonly kind: 'plus' };

// Number words in Ukrainian, Russian and English, lower case, apostrophes as "'". Phones, tax ids
// and cards are dictated digit by digit ("нуль шість сім …") or in the groups they are printed in
// ("нуль шістдесят сім сто двадцять три сорок п'ять …"), so units, teens, tens and hundreds cover them.
const WORDS: readonly (readonly [NumberWord, readonly string[]])[] = [
  [{ kind: 'unit', value: 0 }, ['нуль', 'ноль', 'zero']],
  [{ kind: 'unit', value: 1 }, ['один', 'одна', 'одне', 'одно', 'one']],
  [{ kind: 'unit', value: 2 }, ['два', 'дві', 'две', 'two']],
  [{ kind: 'unit', value: 3 }, ['три', 'three']],
  [{ kind: 'unit', value: 4 }, ['чотири', 'четыре', 'four']],
  [{ kind: 'unit', value: 5 }, ["п'ять", 'пять', 'five']],
  [{ kind: 'unit', value: 6 }, ['шість', 'шесть', 'six']],
  [{ kind: 'unit', value: 7 }, ['сім', 'семь', 'seven']],
  [{ kind: 'unit', value: 8 }, ['вісім', 'восемь', 'eight']],
  [{ kind: 'unit', value: 9 }, ["дев'ять", 'девять', 'nine']],
  [{ kind: 'teen', value: 10 }, ['десять', 'ten']],
  [{ kind: 'teen', value: 11 }, ['одинадцять', 'одиннадцать', 'eleven']],
  [{ kind: 'teen', value: 12 }, ['дванадцять', 'двенадцать', 'twelve']],
  [{ kind: 'teen', value: 13 }, ['тринадцять', 'тринадцать', 'thirteen']],
  [{ kind: 'teen', value: 14 }, ['чотирнадцять', 'четырнадцать', 'fourteen']],
  [{ kind: 'teen', value: 15 }, ["п'ятнадцять", 'пятнадцать', 'fifteen']],
  [{ kind: 'teen', value: 16 }, ['шістнадцять', 'шестнадцать', 'sixteen']],
  [{ kind: 'teen', value: 17 }, ['сімнадцять', 'семнадцать', 'seventeen']],
  [{ kind: 'teen', value: 18 }, ['вісімнадцять', 'восемнадцать', 'eighteen']],
  [{ kind: 'teen', value: 19 }, ["дев'ятнадцять", 'девятнадцать', 'nineteen']],
  [{ kind: 'ten', value: 2 }, ['двадцять', 'двадцать', 'twenty']],
  [{ kind: 'ten', value: 3 }, ['тридцять', 'тридцать', 'thirty']],
  [{ kind: 'ten', value: 4 }, ['сорок', 'forty']],
  [{ kind: 'ten', value: 5 }, ["п'ятдесят", 'пятьдесят', 'fifty']],
  [{ kind: 'ten', value: 6 }, ['шістдесят', 'шестьдесят', 'sixty']],
  [{ kind: 'ten', value: 7 }, ['сімдесят', 'семьдесят', 'seventy']],
  [{ kind: 'ten', value: 8 }, ['вісімдесят', 'восемьдесят', 'eighty']],
  [{ kind: 'ten', value: 9 }, ["дев'яносто", 'девяносто', 'ninety']],
  [{ kind: 'hundreds', value: 1 }, ['сто']],
  [{ kind: 'hundreds', value: 2 }, ['двісті', 'двести']],
  [{ kind: 'hundreds', value: 3 }, ['триста']],
  [{ kind: 'hundreds', value: 4 }, ['чотириста', 'четыреста']],
  [{ kind: 'hundreds', value: 5 }, ["п'ятсот", 'пятьсот']],
  [{ kind: 'hundreds', value: 6 }, ['шістсот', 'шестьсот']],
  [{ kind: 'hundreds', value: 7 }, ['сімсот', 'семьсот']],
  [{ kind: 'hundreds', value: 8 }, ['вісімсот', 'восемьсот']],
  [{ kind: 'hundreds', value: 9 }, ["дев'ятсот", 'девятьсот']],
  [{ kind: 'hundred' }, ['hundred']],
  [{ kind: 'plus' }, ['плюс', 'plus']],
];

/** Every spelling `numberWord` knows, lower case. */
export const NUMBER_WORD_SPELLINGS: readonly string[] = WORDS.flatMap(([, spellings]) => spellings);

const BY_WORD = new Map<string, NumberWord>(WORDS.flatMap(([word, spellings]) => spellings.map((spelling) => [spelling, word] as const)));

// `mayBeNumberWord` below reads each unit as the place of its lower case (apostrophes as ') among
// the letters of the spellings, counted from 1: ABSENT for a unit whose lower case is no such letter,
// UNKNOWN for one whose lower case is not one unit (İ) or lies beyond the table, which it cannot judge.
const LETTERS = [...new Set(NUMBER_WORD_SPELLINGS.join(''))];
const ABSENT = 0;
const UNKNOWN = 0xff;
const LOWER_LIMIT = 0x530;
const isOtherApostrophe = (unit: number): boolean => unit === 0x2019 || unit === 0x2bc;
const placeOf = (lower: string): number => LETTERS.indexOf(lower) + 1;
const PLACES = Uint8Array.from({ length: LOWER_LIMIT }, (_, unit) => {
  const lower = String.fromCharCode(unit).toLowerCase();
  if (lower.length !== 1) return UNKNOWN;
  return placeOf(isOtherApostrophe(lower.charCodeAt(0)) ? "'" : lower);
});
const placeOfUnit = (unit: number): number => (unit < LOWER_LIMIT ? (PLACES[unit] ?? UNKNOWN) : isOtherApostrophe(unit) ? placeOf("'") : UNKNOWN);
// Length, first, second and last letter of every spelling (seven bits each, a small integer): a word
// that differs in any of them is none.
const shapeKey = (length: number, first: number, second: number, last: number): number => (((length << 7) | first) << 7 | second) << 7 | last;
const SHAPES = new Set(NUMBER_WORD_SPELLINGS.map((word) => shapeKey(word.length, placeOf(word.charAt(0)), placeOf(word.charAt(1)), placeOf(word.charAt(word.length - 1)))));

/**
 * Whether `numberWord(text.slice(at, end))` may be defined, told without a copy or a lower-case
 * string: false only when it is undefined. Asked for every word of a text whose view is built, most
 * of which are no number word.
 */
export function mayBeNumberWord(text: string, at: number, end: number): boolean {
  const length = end - at;
  if (length < 3 || length > 13) return false;
  const first = placeOfUnit(text.charCodeAt(at));
  const second = placeOfUnit(text.charCodeAt(at + 1));
  const last = placeOfUnit(text.charCodeAt(end - 1));
  // A letter no spelling holds rules the word out wherever it ends up; an unknown one may shift the rest.
  if (first === ABSENT || second === ABSENT || last === ABSENT) return false;
  if (first === UNKNOWN || second === UNKNOWN || last === UNKNOWN) return true;
  return SHAPES.has(shapeKey(length, first, second, last));
}

/** The number word `word` (any case; ', ’ or ʼ as the apostrophe) stands for, or undefined. */
export function numberWord(word: string): NumberWord | undefined {
  if (word.length < 3 || word.length > 13) return undefined;
  const lower = word.toLowerCase();
  return BY_WORD.get(lower.includes('\u2019') || lower.includes('\u02bc') ? lower.replaceAll('\u2019', "'").replaceAll('\u02bc', "'") : lower);
}
