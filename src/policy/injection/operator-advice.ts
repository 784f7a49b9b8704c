// An operator asking how to handle something (a customer's demand, a message received, a suspected
// fraud), or asking for training material about it, names the very demand it asks about: «клієнт
// вимагає повернення без перевірки — що робити?», "Customers keep forwarding us a text asking for card
// details. What should we tell them?". It orders the assistant nothing. So does a question about a
// limit ("Is there a limit on refunds without a manual check?").
import { canonicalView } from '../normalise/index.js';
import { wordStartSearch } from './word-start-search.js';

/** A letter: a stem found right after one is inside a word. */
const LETTER = /^\p{L}$/u;

const ADVICE_STEMS = [
    String.raw`what\s(?:should|shall|do|can)\s(?:we|i|they|the\soperator|operators|staff)\s(?:do|tell|say|answer|reply|respond)`,
    String.raw`what\sshould\s(?:we|i|they)`,
    String.raw`how\s(?:should|do|can|would)\s(?:we|i|they|operators|staff)\s(?:handle|respond|reply|answer|deal|react|spot|recogni[sz]e|report|flag|escalate|forward)`,
    String.raw`how\sto\s(?:handle|respond|reply|answer|deal|react|spot|recogni[sz]e|report|flag|escalate|forward)`,
    String.raw`what\sto\s(?:do|tell|say|reply|answer)`,
    String.raw`is\s(?:it|this|that)\s(?:a\sscam|legit|legitimate|real|genuine|really\sfrom\syou|from\syou)`,
    // "Where do I forward it?", "who should we report this to?": as «куди передати», «кому повідомити».
    String.raw`(?:where|who)\s(?:do|should|can|must)\s(?:i|we)\s(?:forward|send|report|escalate|pass)`,
    String.raw`(?:where|who)\sto\s(?:forward|send|report|escalate|pass)`,
    String.raw`що\s(?:робити|відповісти|відповідати|сказати|нам\sробити|мені\sробити|з\sцим\sробити)`,
    // «як (правильно) реагувати»: an adverb of manner before the verb asks the same.
    String.raw`як\s(?:правильно\s|краще\s|найкраще\s|нам\s|мені\s)?(?:діяти|бути|відповісти|відповідати|реагувати|вчинити|розпізнати|поводитися)`,
    String.raw`(?:куди|кому)\s(?:це\s|таке\s|такі\s|цей\s|цю\s)?(?:передати|звернутися|повідомити|переслати)`,
    String.raw`что\s(?:делать|ответить|отвечать|сказать|нам\sделать|мне\sделать|с\sэтим\sделать)`,
    String.raw`как\s(?:правильно\s|лучше\s|нам\s|мне\s)?(?:быть|поступить|ответить|отвечать|реагировать|действовать|распознать|себя\sвести)`,
    String.raw`(?:куда|кому)\s(?:это\s|такое\s|такие\s|этот\s|эту\s)?(?:передать|обратиться|сообщить|переслать)`,
    // A question about a limit or a threshold: "is there a limit…", «чи є ліміт…», «какой лимит…».
    String.raw`(?:is\sthere|are\sthere|what(?:'s|s|\sis|\sare)\sthe|чи\sє|чи\sіснує|який|яка|скільки|есть\sли|какой|какая|сколько)\s(?:\p{L}{1,20}\s){0,2}(?:limits?|ліміт\p{L}{0,4}|лимит\p{L}{0,4}|поріг|порог\p{L}{0,4}|threshold|cap|максимальн\p{L}{0,4}|maximum|max)`,
].map((part) => String.raw`(?:${part})(?![\p{L}])`).join('|');
// Each list is searched for its words alone and the character before each find checked apart (word-start-search.ts).
const ADVICE = wordStartSearch(ADVICE_STEMS, 'u', LETTER);
/** Training material asked for: explain, describe, a checklist, a memo. */
const TRAINING_STEMS = String.raw`(?:explain|describe|checklist|check-list|guide|поясніть|поясни|опишіть|розкажіть|чек-лист|пам'ятк\p{L}{0,4}|інструкці\p{L}{0,4}\sдля|объясните|объясни|опишите|расскажите|памятк\p{L}{0,4}|инструкци\p{L}{0,4}\sдля)(?![\p{L}])`;
const TRAINING = wordStartSearch(TRAINING_STEMS, 'u', LETTER);
/** An order to the assistant to move money or cancel, which no question about handling carries. */
const ORDERS_STEMS = String.raw`(?:refund\sme|submit\s(?:it|them|my|\d)|подай|подайте|refund\sit|cancel\sit|cancel\smy|approve\sit|поверни|поверніть|скасуй|скасуйте|верни|верните|отмени|отмените|одобри|одобрите|схвали|схваліть|проведи|проведіть|проведите|виплати|выплати|оформи|оформіть|оформите|process\sit|issue\sit)(?![\p{L}])`;
const ORDERS = wordStartSearch(ORDERS_STEMS, 'u', LETTER);
/** The regexes of {@link asksForAdvice}, for the linearity test. */
export const OPERATOR_ADVICE_REGEXES: readonly RegExp[] = [ADVICE_STEMS, TRAINING_STEMS, ORDERS_STEMS].map((stems) => new RegExp(stems, 'u'));

/** Whether a text asks how to handle something (or for training about it) and orders nothing itself; on its canonical view. */
export function asksForAdvice(text: string): boolean {
  const view = canonicalView(text).view;
  // The cheap test first: most texts hold no question mark and ask for no training.
  return (view.includes('?') || TRAINING.test(view)) && ADVICE.test(view) && !ORDERS.test(view);
}
