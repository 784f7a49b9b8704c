import type { Language } from './chat-types.js';
import { hasWord } from './find-amounts.js';
import type { Intent } from './intent.js';
import { incompletePriceQuestion } from './incomplete-price-question.js';
import type { WordList } from './lexicon.js';
import { CANCEL_VERBS } from './lexicon.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import { say } from './say.js';
import { tokenize } from './tokenize.js';

/** Words naming a parcel or following one: a request with one but no number is about a parcel not named yet. */
const PARCEL_WORDS: WordList = [
  'посилк*', 'відправлен*', 'вантаж*', 'parcel*', 'package', 'packages', 'shipment*', 'посылк*', 'отправлен*', 'груз*',
  'track', 'tracking', 'відстеж*', 'отслед*', 'трек*', 'накладн*', 'ттн', 'ttn',
];

// Another carrier's numbers: a long run of digits (Nova Poshta's 14, most couriers' 10 to 20) or a UPU
// S10 postal number (two letters, nine digits, two letters: RR123456785UA). Both patterns are linear.
const LONG_NUMBER = /(?<![\d-])\d{8,20}(?!\d)/u;
const S10_NUMBER = /(?<![\p{L}\d])[A-Za-z]{2}\s?\d{9}\s?[A-Za-z]{2}(?![\p{L}\d])/u;

/** A number in the request that is some other carrier's, as written, or undefined. */
function foreignTrackingNumber(text: string): string | undefined {
  const bounded = text.slice(0, MAX_TEXT_CHARS);
  return (S10_NUMBER.exec(bounded) ?? LONG_NUMBER.exec(bounded))?.[0];
}

function foreignNumberNote(written: string, language: Language): string {
  return say(language, {
    uk: `«${written}» — схоже на номер іншого перевізника. Номер відправлення Waybill має вигляд TTN- і шість цифр (TTN-XXXXXX), наприклад TTN-000001. Надішліть, будь ласка, номер у цьому форматі.`,
    en: `"${written}" looks like another carrier's number. A Waybill tracking number is TTN- followed by six digits (TTN-XXXXXX), e.g. TTN-000001. Please send the number in that format.`,
    ru: `«${written}» — похоже на номер другого перевозчика. Номер отправления Waybill имеет вид TTN- и шесть цифр (TTN-XXXXXX), например TTN-000001. Пришлите, пожалуйста, номер в этом формате.`,
  });
}

function askTrackingNumber(cancel: boolean, language: Language): string {
  return cancel
    ? say(language, {
      uk: 'Щоб скасувати відправлення, надішліть його номер (TTN- і шість цифр, наприклад TTN-000004) і, якщо можна, причину.',
      en: 'To cancel a shipment, please send its tracking number (TTN- and six digits, e.g. TTN-000004) and, if you can, the reason.',
      ru: 'Чтобы отменить отправление, пришлите его номер (TTN- и шесть цифр, например TTN-000004) и, если можно, причину.',
    })
    : say(language, {
      uk: 'Щоб знайти посилку, надішліть, будь ласка, її номер: TTN- і шість цифр, наприклад TTN-000001.',
      en: 'To find the parcel, please send its tracking number: TTN- and six digits, e.g. TTN-000001.',
      ru: 'Чтобы найти посылку, пришлите, пожалуйста, её номер: TTN- и шесть цифр, например TTN-000001.',
    });
}

/**
 * The question to ask back when the request lacks what any tool needs: a price with no weight or
 * route (what exactly is missing), another carrier's number (which format Waybill uses), a parcel or a
 * cancellation with no number (ask for it). Undefined when the request can go ahead as it is.
 */
export function clarifyingQuestion(text: string, intents: readonly Intent[], language: Language): string | undefined {
  const incomplete = intents.find((intent) => intent.kind === 'incomplete_price');
  if (incomplete && intents.every((intent) => intent.kind === 'incomplete_price')) return incompletePriceQuestion(incomplete.missing, language, incomplete.unserved);
  if (intents.length > 0) return undefined;
  const foreign = foreignTrackingNumber(text);
  if (foreign !== undefined) return foreignNumberNote(foreign, language);
  const tokens = tokenize(text.slice(0, MAX_TEXT_CHARS));
  const cancel = hasWord(tokens, CANCEL_VERBS);
  return cancel || hasWord(tokens, PARCEL_WORDS) ? askTrackingNumber(cancel, language) : undefined;
}
