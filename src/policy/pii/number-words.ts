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

/** The number word `word` (any case; ', ’ or ʼ as the apostrophe) stands for, or undefined. */
export function numberWord(word: string): NumberWord | undefined {
  if (word.length < 3 || word.length > 13) return undefined;
  const lower = word.toLowerCase();
  return BY_WORD.get(lower.includes('\u2019') || lower.includes('\u02bc') ? lower.replaceAll('\u2019', "'").replaceAll('\u02bc', "'") : lower);
}
