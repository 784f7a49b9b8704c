// A request to write a query or a script ("Write an SQL query to list duplicate e-mail addresses in the
// customers table") asks for code, never for the rows: its reader gets a query to run themselves. The
// classifier, trained on outside authors' data-harvest attacks, scores such requests high by their
// words; the concept detectors already tell them apart (intent-detectors.ts, `writesCode`).
import { canonicalView } from '../normalise/index.js';

const WRITE_CODE = /(?:^|[^\p{L}])(?:write|draft|compose|give\sme|напиши|напишіть|склади|створи|напишите|составь|составьте|создай)\s(?:[\p{L}-]{1,20}\s){0,3}(?:sql|query|queries|script|regex|запит\p{L}{0,3}|sql-запит\p{L}{0,3}|запрос\p{L}{0,3}|sql-запрос\p{L}{0,3}|скрипт\p{L}{0,3}|регулярн\p{L}{0,5})(?![\p{L}])/u;
/** Running it or handing over what it returns: then it is a request for the data. */
const RUN_IT = /(?:^|[^\p{L}])(?:run|execute|exec|result|output|paste|send|show\sme|give\sme\sthe\s(?:rows|list|data)|запусти|виконай|результат\p{L}{0,3}|встав|надішли|покажи|выполни|запусти|пришли|вставь|покажи)(?![\p{L}])/u;
/** The regexes of {@link asksForCode}, for the linearity test. */
export const CODE_REQUEST_REGEXES: readonly RegExp[] = [WRITE_CODE, RUN_IT];

/** Whether a text asks for a query or a script to be written and not for it to be run or its result given; on its canonical view. */
export function asksForCode(text: string): boolean {
  const view = canonicalView(text).view;
  return WRITE_CODE.test(view) && !RUN_IT.test(view);
}
