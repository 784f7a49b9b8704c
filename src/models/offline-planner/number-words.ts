import type { Token } from './tokenize.js';

// Numbers people write in words, in Ukrainian, Russian and English, with the case forms a weight takes
// ("вісім кілограмів", "восьми кілограмів", "пяти килограммов"). Stems cover the declined forms.
const UNITS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [1, ['один', 'одна', 'одне', 'одного', 'одному', 'одним', 'одній', 'одной', 'одно', 'one', 'a', 'an']],
  [2, ['два', 'дві', 'двох', 'двом', 'двома', 'две', 'двух', 'двум', 'двумя', 'two']],
  [3, ['три', 'трьох', 'трьом', 'трьома', 'трёх', 'трех', 'трём', 'трем', 'тремя', 'three']],
  [4, ['чотири', 'чотирьох', 'чотирьом', 'чотирма', 'четыре', 'четырёх', 'четырех', 'четырём', 'четырьмя', 'four']],
  [5, ['пʼять', 'п\'ять', 'п’ять', 'пять', 'пʼяти', 'п\'яти', 'п’яти', 'пяти', 'пятью', 'пʼятьох', 'п\'ятьох', 'five']],
  [6, ['шість', 'шести', 'шістьох', 'шесть', 'шестью', 'six']],
  [7, ['сім', 'семи', 'сімох', 'семь', 'семью', 'seven']],
  [8, ['вісім', 'восьми', 'вісьмох', 'вісьмома', 'восемь', 'восьмью', 'eight']],
  [9, ['девʼять', 'дев\'ять', 'дев’ять', 'девять', 'девʼяти', 'дев\'яти', 'дев’яти', 'девяти', 'nine']],
  [10, ['десять', 'десяти', 'десятьох', 'ten']],
  [11, ['одинадцять', 'одинадцяти', 'одиннадцать', 'одиннадцати', 'eleven']],
  [12, ['дванадцять', 'дванадцяти', 'двенадцать', 'двенадцати', 'twelve']],
  [13, ['тринадцять', 'тринадцяти', 'тринадцать', 'тринадцати', 'thirteen']],
  [14, ['чотирнадцять', 'чотирнадцяти', 'четырнадцать', 'четырнадцати', 'fourteen']],
  [15, ['пʼятнадцять', 'п\'ятнадцять', 'п’ятнадцять', 'пʼятнадцяти', 'п\'ятнадцяти', 'п’ятнадцяти', 'пятнадцать', 'пятнадцати', 'fifteen']],
  [16, ['шістнадцять', 'шістнадцяти', 'шестнадцать', 'шестнадцати', 'sixteen']],
  [17, ['сімнадцять', 'сімнадцяти', 'семнадцать', 'семнадцати', 'seventeen']],
  [18, ['вісімнадцять', 'вісімнадцяти', 'восемнадцать', 'восемнадцати', 'eighteen']],
  [19, ['девʼятнадцять', 'дев\'ятнадцять', 'дев’ятнадцять', 'девʼятнадцяти', 'дев\'ятнадцяти', 'дев’ятнадцяти', 'девятнадцать', 'девятнадцати', 'nineteen']],
];
const TENS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [20, ['двадцять', 'двадцяти', 'двадцать', 'двадцати', 'twenty']],
  [30, ['тридцять', 'тридцяти', 'тридцать', 'тридцати', 'thirty']],
  [40, ['сорок', 'сорока', 'forty']],
  [50, ['пʼятдесят', 'п\'ятдесят', 'п’ятдесят', 'пʼятдесяти', 'п\'ятдесяти', 'п’ятдесяти', 'пятьдесят', 'пятидесяти', 'fifty']],
  [100, ['сто', 'ста', 'hundred']],
];
/** One and a half, said as one word. */
const ONE_AND_HALF: ReadonlySet<string> = new Set(['півтора', 'півтори', 'полтора', 'полторы', 'полутора']);
/** Half on its own ("пів кілограма", "half a kilo"). */
const HALF: ReadonlySet<string> = new Set(['пів', 'половина', 'половину', 'half', 'пол']);
/** "з половиною", "с половиной", "and a half" after a number. */
const AND: ReadonlySet<string> = new Set(['з', 'із', 'с', 'and']);
const HALF_AFTER: ReadonlySet<string> = new Set(['половиною', 'половиной', 'half']);

const valueOf = (table: ReadonlyArray<readonly [number, readonly string[]]>, word: string): number | undefined =>
  table.find(([, forms]) => forms.includes(word))?.[0];

const wordAt = (tokens: readonly Token[], index: number): string | undefined => {
  const token = tokens[index];
  return token?.kind === 'word' ? token.word : undefined;
};

/** A number at `index`, in digits or in words ("двадцять пʼять", "два з половиною", "half a"), and the index after it. */
export function readNumberAt(tokens: readonly Token[], index: number): { value: number; next: number } | undefined {
  const token = tokens[index];
  let value: number | undefined;
  let next = index + 1;
  if (token?.kind === 'number') value = token.value;
  else {
    const word = wordAt(tokens, index);
    if (word === undefined) return undefined;
    if (ONE_AND_HALF.has(word)) return { value: 1.5, next };
    if (HALF.has(word)) return { value: 0.5, next: wordAt(tokens, next) === 'a' ? next + 1 : next };
    const tens = valueOf(TENS, word);
    if (tens !== undefined) {
      const unit = valueOf(UNITS, wordAt(tokens, next) ?? '');
      value = unit !== undefined && unit < 10 && wordAt(tokens, next) !== 'a' ? tens + unit : tens;
      if (value !== tens) next += 1;
    } else value = valueOf(UNITS, word);
  }
  if (value === undefined) return undefined;
  // "два з половиною", "2 and a half"
  const and = wordAt(tokens, next);
  if (and !== undefined && AND.has(and)) {
    const after = wordAt(tokens, next + 1) === 'a' ? next + 2 : next + 1;
    if (HALF_AFTER.has(wordAt(tokens, after) ?? '')) return { value: value + 0.5, next: after + 1 };
  }
  return { value, next };
}
