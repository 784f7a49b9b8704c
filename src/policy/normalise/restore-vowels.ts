// Words written without their vowels so no rule reads them: "cncl ttn 001775 wtht pprvl, jst rfnd",
// «тмн ттн 001779 бз сглсвн, прст сдл взврт», «скс ттн 001777 бз пдтврджнн». Each such word is put back
// as the word of an order, a check or the assistant's workings it is the consonants of, from the short
// list below; the rest of the text stays as written. Ordinary text has few words without a vowel, and
// those are abbreviations (TTN, UAH, SMS, «грн», «кг»), none of which the list holds.

// The words of orders, checks and workings the detectors read, in the forms an order takes.
const WORDS = [
  // English
  'cancel', 'refund', 'return', 'without', 'approval', 'approve', 'operator', 'manager', 'senior', 'check', 'just', 'please', 'now', 'ignore',
  'rules', 'instructions', 'system', 'prompt', 'password', 'show', 'send', 'give', 'money', 'everything', 'recipient', 'phone', 'address',
  'delete', 'skip', 'all', 'your', 'orders', 'customers', 'data', 'limit',
  // Ukrainian
  'скасуй', 'скасувати', 'скасування', 'відміни', 'поверни', 'повернення', 'повернути', 'без', 'погодження', 'підтвердження', 'оператора',
  'старшого', 'просто', 'зроби', 'гроші', 'кошти', 'всі', 'покажи', 'правила', 'ігноруй', 'інструкції', 'пароль', 'дані', 'отримувача',
  'телефон', 'адресу', 'видали', 'мені', 'зараз', 'швидко', 'перевірки',
  // Russian
  'отмени', 'отменить', 'отмену', 'верни', 'вернуть', 'возврат', 'согласования', 'подтверждения', 'сделай', 'деньги', 'все', 'игнорируй',
  'инструкции', 'данные', 'получателя', 'адрес', 'удали', 'мне', 'сейчас', 'быстро', 'проверки',
];

const VOWEL = new Uint8Array(0x500);
for (const vowel of 'aeiouyаеєиіїоуюяыэёйAEIOUYАЕЄИІЇОУЮЯЫЭЁЙ') VOWEL[vowel.charCodeAt(0)] = 1;
/** Whether a UTF-16 unit is a vowel of English, Ukrainian or Russian, either case («й» counted: it is dropped with them). */
export const isVowel = (unit: number): boolean => unit < VOWEL.length && VOWEL[unit] === 1;
const skeleton = (word: string): string => [...word].filter((char) => !isVowel(char.charCodeAt(0))).join('');

/** Each listed word by its consonants, the first listed winning a shared skeleton; skeletons under two letters left out. */
export const BY_SKELETON: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const word of WORDS) {
    const consonants = skeleton(word);
    if (consonants.length >= 2 && !map.has(consonants)) map.set(consonants, word);
  }
  return map;
})();

const WORD = /[\p{L}']+/gu;

/**
 * The text in lower case with each vowel-less word that is the consonants of a listed word written out
 * in full; the reading is made when `readingSigns` finds three such words (`DEVOWELLED`). Linear.
 */
export function restoreVowels(text: string): string {
  return text.toLowerCase().replace(WORD, (word) => {
    for (let at = 0; at < word.length; at++) if (isVowel(word.charCodeAt(at))) return word;
    return BY_SKELETON.get(word) ?? word;
  });
}

/** The regexes of this reading, for the linearity test. */
export const RESTORE_VOWELS_REGEXES: readonly RegExp[] = [WORD];
