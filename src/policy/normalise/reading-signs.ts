import { reverseText } from './reverse-text.js';
import { BY_SKELETON, isVowel } from './restore-vowels.js';
import { rot13 } from './rot13.js';
import { MIN_TRANSLIT_SIGNS, TRANSLIT_SIGNS } from './transliterate.js';

// Words nearly every instruction holds (function words, pronouns) and the words attacks are made of,
// in English, Ukrainian and Russian. Their ROT13 or reversed forms ("gur", "lbhe", "erongi", «ен»)
// are what a hidden reading looks like from outside; ordinary text almost never holds them.
const ENGLISH = [
  'the', 'and', 'you', 'your', 'yours', 'to', 'of', 'is', 'it', 'in', 'for', 'on', 'with', 'this', 'that', 'these', 'those', 'all', 'are', 'not', 'me', 'my',
  'now', 'from', 'please', 'what', 'any', 'new', 'previous', 'prior', 'above', 'earlier', 'instructions', 'instruction', 'rules', 'rule', 'system', 'prompt',
  'ignore', 'forget', 'disregard', 'reveal', 'print', 'show', 'tell', 'repeat', 'secret', 'secrets', 'password', 'key', 'keys', 'token', 'admin', 'developer',
  'mode', 'cancel', 'refund', 'approve', 'approval', 'pretend', 'act', 'role', 'user', 'assistant', 'bypass', 'override', 'everything', 'without', 'only',
  'answer', 'reply', 'say', 'write', 'send', 'give', 'list', 'output', 'must', 'should', 'will', 'can', 'have', 'has', 'as', 'at', 'by', 'if', 'so',
  'we', 'us', 'our', 'they', 'them', 'was', 'were', 'which', 'who', 'how', 'why', 'when', 'where', 'there', 'here', 'then', 'than', 'but', 'about', 'into',
  'out', 'do', 'no', 'be', 'or', 'an', 'every', 'customer', 'customers', 'money', 'transfer', 'data', 'shipment', 'order', 'confirm', 'his', 'her', 'its',
  'been', 'more', 'some', 'such', 'other', 'each', 'very', 'just', 'also', 'still', 'would', 'could', 'may', 'like', 'make', 'get', 'use', 'one', 'two',
  'table', 'form', 'full', 'text', 'hidden', 'configuration', 'settings', 'access', 'free', 'limits', 'restrictions', 'filters', 'policy', 'policies',
];
const UKRAINIAN = [
  'не', 'на', 'що', 'ти', 'тобі', 'тебе', 'твої', 'твій', 'свої', 'свій', 'всі', 'усі', 'все', 'мені', 'мене', 'це', 'як', 'та', 'для', 'від', 'до', 'за',
  'по', 'із', 'або', 'але', 'якщо', 'тепер', 'покажи', 'скажи', 'інструкції', 'інструкцій', 'правила', 'правил', 'ігноруй', 'забудь', 'попередні',
  'системний', 'промпт', 'скасуй', 'поверни', 'гроші', 'без', 'підтвердження', 'будь', 'ласка', 'зроби', 'виконай', 'відповідай', 'тільки', 'лише',
  'пароль', 'дані', 'клієнтів', 'адмін', 'розробник', 'режим', 'відтепер', 'всіх', 'свою', 'твою', 'мою', 'виведи', 'вигляді', 'так', 'вже', 'його',
  'її', 'їх', 'ми', 'ви', 'вони', 'вона', 'там', 'тут', 'де', 'коли', 'щоб', 'при', 'про', 'під', 'над', 'через', 'після', 'перед', 'завжди', 'ні',
  'можна', 'треба', 'потрібно', 'був', 'була', 'були', 'є', 'буде', 'дуже', 'ще', 'зараз', 'налаштування', 'конфігурацію', 'таблиці', 'текст', 'повністю',
];
const RUSSIAN = [
  'не', 'на', 'что', 'ты', 'тебе', 'тебя', 'твои', 'твой', 'свои', 'свой', 'все', 'всё', 'мне', 'меня', 'это', 'как', 'для', 'от', 'до', 'за', 'по', 'из',
  'или', 'но', 'он', 'то', 'если', 'теперь', 'покажи', 'скажи', 'инструкции', 'инструкций', 'правила', 'правил', 'игнорируй', 'забудь', 'предыдущие',
  'системный', 'промпт', 'отмени', 'верни', 'деньги', 'без', 'подтверждения', 'пожалуйста', 'сделай', 'выполни', 'отвечай', 'только', 'пароль',
  'данные', 'клиентов', 'админ', 'разработчик', 'режим', 'отныне', 'всех', 'свою', 'твою', 'мою', 'выведи', 'виде', 'так', 'уже', 'его', 'её', 'их',
  'им', 'мы', 'вы', 'они', 'она', 'там', 'тут', 'где', 'когда', 'чтобы', 'при', 'про', 'под', 'над', 'через', 'после', 'перед', 'всегда', 'нет', 'да',
  'можно', 'нужно', 'надо', 'был', 'была', 'были', 'есть', 'будет', 'очень', 'ещё', 'еще', 'сейчас', 'здесь', 'настройки', 'конфигурацию', 'таблицы',
  'текст', 'полностью',
];

// Disguised forms that are also ordinary words or abbreviations in documents ("vs" is ROT13 of "if",
// "saw" is "was" backwards, «зі» is «із»): each would open a gibberish reading of a whole document.
const ORDINARY = ['vs', 'bar', 'saw', 'od', 'won', 'ur', 'na', 'ab', 'pot', 'top', 'tub', 'зі', 'ад', 'ан', 'ес', 'ок', 'оп', 'ин', 'ам'];

/** The disguised forms of `words` that are not themselves ordinary words (ROT13 of "be" is "or"). */
function signsOf(words: readonly string[], disguise: (word: string) => string): ReadonlySet<string> {
  const plain = new Set([...words, ...ORDINARY]);
  return new Set(words.map(disguise).filter((sign) => !plain.has(sign) && sign.length >= 2));
}

const lower = (unit: number): number => (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x410 && unit <= 0x42f) ? unit + 0x20 : unit >= 0x400 && unit <= 0x40f ? unit + 0x50 : unit;
const startKey = (first: number, second: number): number => lower(first) * 0x10000 + lower(second);
const TRANSLIT_STARTS = new Set([...TRANSLIT_SIGNS].map((word) => startKey(word.charCodeAt(0), word.charCodeAt(1))));
const LONGEST_TRANSLIT = Math.max(...[...TRANSLIT_SIGNS].map((word) => word.length));

/** A set of signs and the first two letters of each, so most words are passed over without a copy. */
interface Signs {
  readonly words: ReadonlySet<string>;
  readonly starts: ReadonlySet<number>;
  readonly longest: number;
}
const indexed = (words: ReadonlySet<string>): Signs => ({
  words,
  starts: new Set([...words].map((word) => startKey(word.charCodeAt(0), word.charCodeAt(1)))),
  longest: Math.max(...[...words].map((word) => word.length)),
});

const ROT13_SIGNS = indexed(signsOf(ENGLISH, rot13));
const REVERSED_SIGNS = indexed(signsOf([...ENGLISH, ...UKRAINIAN, ...RUSSIAN], reverseText));

const isLetter = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x400 && code <= 0x4ff) || code === 0x2bc || code === 0x27;

export const ROT13 = 1;
export const REVERSED = 2;
/** Words written without their vowels («тмн … бз сглсвн», "cncl … wtht pprvl"): three of the listed words so written (restore-vowels.ts). */
export const DEVOWELLED = 4;
const DEVOWELLED_WORDS = 3;
/** Ukrainian or Russian written in Latin letters ("bez operatora", "skasui"): three common words so written (transliterate.ts). */
export const TRANSLITERATED = 8;
const isLatin = (unit: number): boolean => (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a);
const APOSTROPHES = /['ʼ]/gu;
/** A word in Latin letters as the signs list it: lower case, a soft sign written as an apostrophe dropped («den'gi», «teper'»). */
const latinWord = (word: string): string => word.toLowerCase().replace(APOSTROPHES, '');
/** The longest consonant skeleton of a listed word: a longer vowel-less word is none of them. */
const LONGEST_SKELETON = Math.max(...[...BY_SKELETON.keys()].map((key) => key.length));

// The start keys of both sets folded into 16 bits, ROT13 and REVERSED bits per slot: most words are
// passed over on one array read instead of two set lookups; a hit is checked against the sets.
const START_FILTER = new Uint8Array(0x10000);
const filterSlot = (key: number): number => (Math.imul(key, 0x9e3779b1) >>> 16) & 0xffff;
for (const [bit, signs] of [[ROT13, ROT13_SIGNS], [REVERSED, REVERSED_SIGNS]] as const) {
  for (const key of signs.starts) START_FILTER[filterSlot(key)] = (START_FILTER[filterSlot(key)] ?? 0) | bit;
}

/**
 * Which readings (`ROT13`, `REVERSED`, `DEVOWELLED`, `TRANSLITERATED`, of those asked in `wanted`) the
 * whole words of `text` (case aside) are a sign of: one word for the first two, three for the others.
 * One pass for all; stops once every reading asked is found.
 */
export function readingSigns(text: string, wanted = ROT13 | REVERSED | DEVOWELLED | TRANSLITERATED): number {
  let found = 0;
  let start = -1;
  let vowel = false;
  let devowelled = 0;
  let transliterated = 0;
  for (let at = 0; at <= text.length; at++) {
    const unit = at < text.length ? text.charCodeAt(at) : 0;
    if (at < text.length && isLetter(unit)) {
      if (start < 0) {
        start = at;
        vowel = false;
      }
      vowel ||= isVowel(unit);
      continue;
    }
    const length = at - start;
    // A common Ukrainian or Russian word in Latin letters: its first two letters first, most English words pass there.
    if (start >= 0 && length >= 3 && length <= LONGEST_TRANSLIT && (wanted & TRANSLITERATED & ~found) !== 0 && isLatin(text.charCodeAt(start)) && TRANSLIT_STARTS.has(startKey(text.charCodeAt(start), text.charCodeAt(start + 1))) && TRANSLIT_SIGNS.has(latinWord(text.slice(start, at)))) {
      transliterated++;
      if (transliterated >= MIN_TRANSLIT_SIGNS) found |= TRANSLITERATED;
      if (found === wanted) return found;
    }
    // A vowel-less word: a listed word so written? Abbreviations («грн», "TTN") are not listed.
    if (start >= 0 && !vowel && length >= 2 && length <= LONGEST_SKELETON && (wanted & DEVOWELLED & ~found) !== 0 && BY_SKELETON.has(text.slice(start, at).toLowerCase())) {
      devowelled++;
      if (devowelled >= DEVOWELLED_WORDS) found |= DEVOWELLED;
      if (found === wanted) return found;
    }
    if (start >= 0 && length >= 2) {
      const key = startKey(text.charCodeAt(start), text.charCodeAt(start + 1));
      const open = (START_FILTER[filterSlot(key)] as number) & wanted & ~found;
      if (open !== 0) {
        let lower: string | undefined;
        for (const [bit, signs] of BY_BIT) {
          if ((open & bit) === 0 || length > signs.longest || !signs.starts.has(key)) continue;
          lower ??= text.slice(start, at).toLowerCase();
          if (signs.words.has(lower)) found |= bit;
        }
        if (found === wanted) return found;
      }
    }
    start = -1;
  }
  return found;
}

const BY_BIT: readonly (readonly [number, Signs])[] = [
  [ROT13, ROT13_SIGNS],
  [REVERSED, REVERSED_SIGNS],
];

/**
 * Whether the ROT13 reading of a text can say anything: some word of the text is the ROT13 of a
 * common English word or of an attack's word ("lbhe", "vtaber"). Ordinary text holds none, and its
 * ROT13 reading is gibberish that costs a pass of every rule and the classifier for nothing.
 */
export function mayHideRot13(text: string): boolean {
  return readingSigns(text, ROT13) !== 0;
}

/** The same for the reversed reading: some word is a common en/uk/ru word backwards ("uoy", «ен»). */
export function mayHideReversed(text: string): boolean {
  return readingSigns(text, REVERSED) !== 0;
}
