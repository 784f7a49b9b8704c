// A request to write a query or a script ("Write an SQL query to list duplicate e-mail addresses in the
// customers table") asks for code, never for the rows: its reader gets a query to run themselves. The
// classifier, trained on outside authors' data-harvest attacks, scores such requests high by their
// words; the concept detectors already tell them apart (intent-detectors.ts, `writesCode`).
import { canonicalView } from '../normalise/index.js';
import { wordStartSearch } from './word-start-search.js';

/** A letter: a word found right after one is inside a word. */
const LETTER = /^\p{L}$/u;

const WRITE_CODE_WORDS = String.raw`(?:write|draft|compose|give\sme|напиши|напишіть|склади|створи|напишите|составь|составьте|создай)\s(?:[\p{L}-]{1,20}\s){0,3}(?:sql|query|queries|script|regex|запит\p{L}{0,3}|sql-запит\p{L}{0,3}|запрос\p{L}{0,3}|sql-запрос\p{L}{0,3}|скрипт\p{L}{0,3}|регулярн\p{L}{0,5})(?![\p{L}])`;
// A function, a class or a program to write ("Write a Python function that reverses a string") asks
// for code as a query does. Only after a verb of writing: "give me the code" or "створи код" is as
// often an SMS or a discount code, which is data.
const WRITE_PROGRAM_WORDS = String.raw`(?:write|implement|draft|напиши|напишіть|реалізуй|реалізуйте|напишите|реализуй|реализуйте)\s(?:[\p{L}+#-]{1,20}\s){0,3}(?:functions?|class(?:es)?|programs?|code|methods?|snippets?|функці\p{L}{0,3}|функци\p{L}{0,3}|клас|класи|класс|класс\p{L}{1,2}|програм\p{L}{0,3}|программ\p{L}{0,3}|код|коду|кода|метод\p{L}{0,2}|фрагмент\p{L}{0,2}\sкод\p{L}{0,2})(?![\p{L}])`;
/** Running it or handing over what it returns: then it is a request for the data. */
const RUN_IT_WORDS = String.raw`(?:run|execute|exec|result|output|paste|send|show\sme|give\sme\sthe\s(?:rows|list|data)|запусти|виконай|результат\p{L}{0,3}|встав|надішли|покажи|выполни|пришли|вставь)(?![\p{L}])`;
// Searched for their words alone, the character before each find checked apart (word-start-search.ts).
const WRITE_CODE = wordStartSearch(WRITE_CODE_WORDS, 'u', LETTER);
const WRITE_PROGRAM = wordStartSearch(WRITE_PROGRAM_WORDS, 'u', LETTER);
const RUN_IT = wordStartSearch(RUN_IT_WORDS, 'u', LETTER);
/** The regexes of {@link asksForCode}, for the linearity test. */
export const CODE_REQUEST_REGEXES: readonly RegExp[] = [WRITE_CODE_WORDS, WRITE_PROGRAM_WORDS, RUN_IT_WORDS].map((words) => new RegExp(words, 'u'));

/** Whether a text asks for a query, a script or a program (function, class, code) to be written and not for it to be run or its result given; on its canonical view. */
export function asksForCode(text: string): boolean {
  const view = canonicalView(text).view;
  return (WRITE_CODE.test(view) || WRITE_PROGRAM.test(view)) && !RUN_IT.test(view);
}
