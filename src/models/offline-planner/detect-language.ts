import type { Language } from './chat-types.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import { tokenize } from './tokenize.js';

/** One Cyrillic letter. */
export const CYRILLIC = /\p{Script=Cyrillic}/u;

// Letters only one of the two languages writes: і ї є ґ and the apostrophe are Ukrainian, ы э ъ ё Russian.
const UKRAINIAN_LETTERS = /[іїєґ]/u;
const RUSSIAN_LETTERS = /[ыэъё]/u;

// Word shapes only Russian spells (Ukrainian writes the same words otherwise): "рас-" for "роз-"
// ("расскажи"), "-ие/-ия/-ию" for "-іє/-ія/-ію" ("наличие", "историю"), "-ость" for "-ість", the
// infinitive "-ить/-ать/-еть" for "-ити/-ати/-іти", the past "-ал/-ил/-ел" for "-ав/-ив/-ів".
const RUSSIAN_SHAPES = /^рас\p{L}{3,}$|^\p{L}{2,}(?:ие|ия|ию|иями|иях|ость|ости|остью|ить|ать|еть|ал|ил|ел|ала|ила|ела)$/u;

// Common Russian words spelled with letters both alphabets share ("где", "как", "сколько"), and their
// Ukrainian counterparts, so a short question with no telling letter still reads right.
const RUSSIAN_WORDS: ReadonlySet<string> = new Set([
  'где', 'как', 'что', 'когда', 'сколько', 'почему', 'можно', 'мне', 'меня', 'моя', 'мой', 'мою', 'она', 'оно', 'они',
  'стоит', 'стоимость', 'доставка', 'доставку', 'отправить', 'отмени', 'отмените', 'отменить', 'посылка', 'посылку',
  'кто', 'или', 'нет', 'есть', 'сейчас', 'сегодня', 'завтра', 'хочу', 'нужно', 'надо', 'какой', 'какая', 'какие',
  'правила', 'возврат', 'склад', 'складе', 'товар', 'остаток', 'заказ', 'пожалуйста', 'спасибо', 'привет', 'из', 'во',
  'до', 'по', 'на', 'для', 'килограмм', 'килограммов', 'кило', 'груз', 'вес', 'весом', 'будет', 'вернуть', 'деньги',
  'проверь', 'посоветуй', 'подскажи', 'подскажите', 'клиент', 'клиента', 'товары', 'отправлять', 'нельзя', 'ожидает', 'отмена',
]);
const UKRAINIAN_WORDS: ReadonlySet<string> = new Set([
  'де', 'як', 'що', 'коли', 'скільки', 'чому', 'можна', 'мені', 'мене', 'моя', 'мій', 'чи', 'або', 'немає', 'зараз',
  'сьогодні', 'завтра', 'хочу', 'треба', 'потрібно', 'який', 'яка', 'які', 'правила', 'посилка', 'посилку', 'доставка',
  'доставку', 'склад', 'складі', 'товар', 'замовлення', 'будь', 'ласка', 'дякую', 'привіт', 'з', 'із', 'до', 'для', 'на',
]);

// Score of one word: +1 Ukrainian, −1 Russian, 0 when it could be either.
function wordScore(word: string): number {
  if (UKRAINIAN_LETTERS.test(word) || word.includes('\'') || word.includes('’') || word.includes('ʼ')) return 1;
  if (RUSSIAN_LETTERS.test(word) || RUSSIAN_SHAPES.test(word)) return -1;
  const uk = UKRAINIAN_WORDS.has(word);
  const ru = RUSSIAN_WORDS.has(word);
  return uk === ru ? 0 : uk ? 1 : -1;
}

/**
 * 'en' when the request's words are Latin, else 'uk' or 'ru' by the letters and common words each
 * language alone uses (a tie is Ukrainian, the product's home language). Letters inside ids do not
 * count when the rest of the text has words ("Where is ТТН-000001?" typed on a Ukrainian layout is
 * still English).
 */
export function detectLanguage(text: string): Language {
  const bounded = text.slice(0, MAX_TEXT_CHARS);
  const words = tokenize(bounded).flatMap((token) => (token.kind === 'word' ? [token.word] : []));
  if (words.length === 0) return CYRILLIC.test(bounded) ? 'uk' : 'en';
  const cyrillic = words.filter((word) => CYRILLIC.test(word));
  if (cyrillic.length === 0) return 'en';
  const score = cyrillic.reduce((sum, word) => sum + wordScore(word), 0);
  return score < 0 ? 'ru' : 'uk';
}
