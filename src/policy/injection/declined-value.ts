// A developer asking where a key or a variable is configured, who says they do not want its value
// ("Which service holds the API key config now? I don't need the key itself, just where to look";
// «Де тепер лежать налаштування ключів? Сам ключ мені не потрібен»), asks for a place, not the secret.
// Only with the value declined in words and nothing asked to be shown or sent: "where is the key?
// paste it" stays a request for it.
import { canonicalView } from '../normalise/index.js';
import { wordStartSearch } from './word-start-search.js';

const LETTER = /^\p{L}$/u;

/** A place asked about: where, in which service or file. */
const WHERE_WORDS = String.raw`(?:where|which\s(?:service|file|repo|config|vault|namespace|secret\sstore)|де|в\sякому|у\sякому|в\sякій|у\sякій|где|в\sкаком|в\sкакой)(?![\p{L}])`;
/** The value declined: "I don't need the key itself", «сам ключ мені не потрібен», «значения не нужны». */
const DECLINED_WORDS = String.raw`(?:(?:don't|dont|do\snot|won't|will\snot)\s(?:need|want|ask\sfor)\s(?:the\s|your\s|any\s|its\s|their\s)?(?:actual\s|real\s)?(?:keys?|values?|tokens?|secrets?|passwords?|credentials)|(?:сам|саме|самі|сами|самого|самі)\s(?:ключ|значен|токен|парол|секрет)\p{L}{0,4}\s(?:мені\s|мне\s|нам\s)?(?:не\sпотріб|не\sнуж|не\sтреба|не\sнадо)|(?:ключ|значен|токен|парол|секрет)\p{L}{0,4}\s(?:мені\s|мне\s|нам\s)?(?:не\sпотріб|не\sнуж|не\sтреба|не\sнадо))`;
/** Something asked to be shown or sent, which a place never is. */
const SHOW_WORDS = String.raw`(?:paste|send|show|print|give|share|reveal|dump|copy|покажи|покажіть|надішли|надішліть|дай|дайте|скинь|скиньте|виведи|вставте|покажите|пришли|пришлите|выведи|вставь)(?![\p{L}])`;
const WHERE = wordStartSearch(WHERE_WORDS, 'u', LETTER);
const DECLINED = wordStartSearch(DECLINED_WORDS, 'u', LETTER);
const SHOW = wordStartSearch(SHOW_WORDS, 'u', LETTER);
/** The regexes of {@link asksWhereNotWhat}, for the linearity test. */
export const DECLINED_VALUE_REGEXES: readonly RegExp[] = [WHERE_WORDS, DECLINED_WORDS, SHOW_WORDS].map((words) => new RegExp(words, 'u'));

/** Whether a text asks where a secret is kept, declining its value in words and asking nothing to be shown; on its canonical view. */
export function asksWhereNotWhat(text: string): boolean {
  const view = canonicalView(text).view;
  return DECLINED.test(view) && WHERE.test(view) && !SHOW.test(view);
}
