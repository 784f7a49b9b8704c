import { memoByText } from './memo-by-text.js';

/** A calendar date as an answer writes it: `2026-12-01`, `01.12.2026`, `1 грудня`, `December 1`. */
export interface DateMention {
  text: string;
  /** `MM-DD`, the part every written form carries. */
  monthDay: string;
  year?: number;
  index: number;
}

const MONTHS: ReadonlyArray<readonly string[]> = [
  ['січня', 'january', 'jan', 'января'],
  ['лютого', 'february', 'feb', 'февраля'],
  ['березня', 'march', 'mar', 'марта'],
  ['квітня', 'april', 'apr', 'апреля'],
  ['травня', 'may', 'мая'],
  ['червня', 'june', 'jun', 'июня'],
  ['липня', 'july', 'jul', 'июля'],
  ['серпня', 'august', 'aug', 'августа'],
  ['вересня', 'september', 'sep', 'sept', 'сентября'],
  ['жовтня', 'october', 'oct', 'октября'],
  ['листопада', 'november', 'nov', 'ноября'],
  ['грудня', 'december', 'dec', 'декабря'],
];
const MONTH_OF: ReadonlyMap<string, number> = new Map(MONTHS.flatMap((names, i) => names.map((name) => [name, i + 1] as const)));
const MONTH_NAMES = [...MONTH_OF.keys()].join('|');

const ISO = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
const DOTTED = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d])/g;
const DAY_MONTH = new RegExp(`(?<![\\p{L}\\p{N}])(\\d{1,2})\\s+(${MONTH_NAMES})(?:\\s+(\\d{4}))?(?![\\p{L}])`, 'giu');
const MONTH_DAY = new RegExp(`(?<![\\p{L}])(${MONTH_NAMES})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?(?![\\p{L}\\p{N}])`, 'giu');

const DIGIT = /\d/;
const pad = (n: number): string => String(n).padStart(2, '0');
const valid = (month: number, day: number): boolean => month >= 1 && month <= 12 && day >= 1 && day <= 31;

/** Every date written in `text`, in any of the forms above. */
function scanDates(text: string): DateMention[] {
  const found: DateMention[] = [];
  // Every form has a day written in digits: most strings of a tool result have none.
  if (!DIGIT.test(text)) return found;
  const push = (match: RegExpMatchArray, month: number, day: number, year: number | undefined) => {
    if (valid(month, day)) found.push({ text: match[0], monthDay: `${pad(month)}-${pad(day)}`, ...(year !== undefined && { year }), index: match.index ?? 0 });
  };
  for (const m of text.matchAll(ISO)) push(m, Number(m[2]), Number(m[3]), Number(m[1]));
  for (const m of text.matchAll(DOTTED)) push(m, Number(m[2]), Number(m[1]), Number(m[3]));
  for (const m of text.matchAll(DAY_MONTH)) push(m, MONTH_OF.get((m[2] ?? '').toLowerCase()) ?? 0, Number(m[1]), m[3] ? Number(m[3]) : undefined);
  for (const m of text.matchAll(MONTH_DAY)) push(m, MONTH_OF.get((m[1] ?? '').toLowerCase()) ?? 0, Number(m[2]), m[3] ? Number(m[3]) : undefined);
  return found.sort((a, b) => a.index - b.index);
}

/** The same, remembered per text (memo-by-text.ts): the same array for the same text, read-only. */
export const findDates = memoByText(scanDates);
