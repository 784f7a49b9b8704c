import type { PiiType } from './pii-type.js';

// Separators people type inside phone numbers: space, no-break space, dot, dash, and the line break
// of a number wrapped at the end of a line (at most one, see \`wrappedOnce\`). One at most per gap, so
// each gap is bounded and the pattern stays a finite automaton.
const GAP = '[ \\u00a0.\\n-]?';
// Country code, then the operator code: +380 67 … (the 0 belongs to the country code) or
// +38 (067) … and the domestic 067 … / (067) … (the 0 belongs to the operator code). Ukrainian
// operator and area codes never start with 00, which keeps amounts like "1 000 000" out.
const PHONE_HEAD = `(?:(?:\\+|00)?380${GAP}(?:\\([1-9]\\d\\)|[1-9]\\d)|(?:(?:\\+|00)?38${GAP})?(?:\\(0[1-9]\\d\\)|0[1-9]\\d))`;

/**
 * Candidate patterns, one per type. They only find candidates; checksums are verified in code
 * (`PII_RULES`). Every pattern is proved free of catastrophic backtracking by recheck's automaton
 * checker in `pii-patterns.test.ts`, which is why they follow two rules:
 * - digit boundaries are `(?<!\d)` / `(?!\d)`, never `\b`; a run of digits glued to Latin letters
 *   or an underscore (`apr_f34200541bdcd8ea`, `apr_4111111111111111`, a hash, a batch code) is part of an
 *   identifier, not a card, IPN, EDRPOU or phone, so those four also refuse a Latin letter or `_` on
 *   either side (there is no word boundary between the 8 and the 0 of `+380`, which once let
 *   `+380671234567` through); lookarounds are used only in
 *   patterns without unbounded repetition, where recheck can still prove safety;
 * - the one unbounded pattern (EMAIL) starts with a consumed `lead` group instead of a lookbehind,
 *   so a match can only begin at the start of a run of address characters (linear, not quadratic,
 *   on long runs), and recheck's automaton checker can prove it, which it cannot do with lookbehind.
 * The engine treats a named group `lead` as context that stays in the text.
 */
export const PII_PATTERNS: Readonly<Record<PiiType, RegExp>> = {
  EMAIL: /(?<lead>^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/g,
  // UA, two check digits and 25 characters, optionally in the printed blocks of four.
  // Any grouping of the 25 is taken (banks and invoices print 6-4-15 as readily as blocks of four),
  // with spaces, dots, slashes, bars or dashes between the groups, or a line break where the account
  // was wrapped: mod 97 decides, which one text in 97 passes by chance, and the UA head is needed too.
  // Any country's IBAN: its letters, check digits and groups, at most 27 after them (Malta's 31 in
  // all); the country's length and the checksum decide (\`ibanSpanLength\`). \b rather than a
  // look-behind: the same starts (no letter, digit or _ before) found in half the time.
  // Capitals only (a lower-case «ua» too): with the i flag every word of Latin text was a start to try.
  IBAN: /\b(?:[A-Z]{2}|[Uu][Aa])[ ./|\n-]?\d[ ./|\n-]?\d(?:[ ./|\n-]?[A-Z0-9]){11,27}/g,
  // 13 to 19 digits, at most one space, dot, dash, slash, bar or line break (or two spaces) between
  // two digits (no-break spaces are spaces in the normalised view); slashes and bars only when they
  // are the number's one separator, and one line break at most (\`cardSpanLength\`, \`wrappedOnce\`).
  CARD: /(?<![\dA-Za-z_])\d(?:(?:[ ./|\n-]| {2})?\d){12,18}(?![\dA-Za-z_])/g,
  // The seven digits after the operator code in any grouping people dictate (3-2-2, 3-1-3, 2-2-3).
  PHONE: new RegExp(`(?<![\\dA-Za-z_])${PHONE_HEAD}${GAP}\\d(?:${GAP}\\d){6}(?![\\dA-Za-z_])`, 'g'),
  IPN: /(?<![\dA-Za-z_])\d{10}(?![\dA-Za-z_])/g,
  EDRPOU: /(?<![\dA-Za-z_])\d{8}(?![\dA-Za-z_])/g,
  // Booklet passport: two capital letters of the series (Cyrillic, or the Latin letters that look
  // like them) and six digits, «КН 123456», «КН №123456», "KH-123456".
  // The series may end a line and the number start the next.
  PASSPORT: /(?<![A-Za-zА-ЯІЇЄҐа-яіїєґ0-9])[АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЮЯABCEHIKMOPTX]{2}(?: ?(?:№|N|No\.?|#|-|номер|number) ?| |\n)?\d{6}(?!\d)/g,
  // ID-card passport: nine digits, 3-3-3 or whole, or wrapped at a line break (\`idCardGrouping\`);
  // taken only when labelled as one (\`PII_RULES\`).
  ID_CARD: /(?<![A-Za-z0-9])\d(?:[ \n-]?\d){8}(?![A-Za-z0-9]|[ \n-]?\d)/g,
};

/**
 * Disguised forms, each run right after the plain pattern of its type (see `PII_DISGUISED_RULES`).
 * They read the normalised view (`piiNormalisedView`), and are proved linear the same way.
 * - EMAIL: `name (at) domain (dot) com`, `name [at] domain.com`, `name (at) domain dot com`, `name@domain[dot]com`, `first[dot]last[at]domain[dot]com`
 *   (one bracketed dot in the mailbox: more made the automaton too large for recheck to prove). Latin
 *   words only here: «собака» and «крапка» are turned into @ and a dot by the view, since they made
 *   the automaton too large for recheck to prove in its time limit;
 * - PHONE: digits spaced one by one, `0 6 7 1 2 3 4 5 6 7`, `+ 3 8 0 6 7 …`;
 * - IPN: the code with spaces or dashes inside (`1234 567 890`, `3184-710-691`); EDRPOU with spaces
 *   (an ISO date is eight digits with dashes); dots, slashes and line breaks for both only where
 *   the text names the code; checksums still decide.
 */
export const PII_DISGUISED_PATTERNS = {
  EMAIL: /(?<lead>^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+(?: ?[([{<] ?(?:dot|DOT) ?[)\]}>] ?[A-Za-z0-9_%+-]+)? ?[([{<] ?(?:at|AT) ?[)\]}>] ?[A-Za-z0-9-]+(?: ?(?:\.|[([{<] ?(?:dot|DOT) ?[)\]}>]) ?[A-Za-z0-9-]+)+/g,
  // A bracketed at with the dots as plain words (`name (at) domain dot com`): a pattern of its own, whose
  // proof stays short (within the one above, it doubled that one's proof time).
  EMAIL_WORD_DOT: /(?<lead>^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+ ?[([{<] ?(?:at|AT) ?[)\]}>] ?[A-Za-z0-9-]+(?: (?:dot|DOT) [A-Za-z0-9-]+)+/g,
  // A plain @ with a bracketed dot in the domain (`name@domain[dot]com`): at least one such dot.
  EMAIL_AT_DOT: /(?<lead>^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)* ?[([{<] ?(?:dot|DOT) ?[)\]}>] ?[A-Za-z0-9-]+(?: ?(?:\.|[([{<] ?(?:dot|DOT) ?[)\]}>]) ?[A-Za-z0-9-]+)*/g,
  // `j.smith at outlook dot com` in plain words, as people who fear spam write it: only at a mail
  // provider's domain, then "dot" and a top-level domain, so "meet me at home dot com" stays.
  EMAIL_WORDS: /(?<lead>^|[^A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+ (?:at|AT) (?:gmail|outlook|hotmail|yahoo|ukr|meta|i|mail)(?: (?:dot|DOT) |\.)(?:com|net|ua)/g,
  PHONE: /(?<!\d)(?:(?:\+ ?)?3[ -]?8[ -]?)?0[ -]?[1-9](?:[ -]\d){8}(?!\d)/g,
  // +380 and nine digits in any grouping, with spaced dashes, dots or slashes between the groups
  // (\`+3 - 80 - 671 - 23 - 4567\`): the plus and the country code make it a phone whatever the grouping.
  PHONE_SPACED_SIGNS: /(?<![\dA-Za-z_])\+(?: ?[-./] ?| {1,2})?3(?: ?[-./] ?| {1,2})?8(?: ?[-./] ?| {1,2})?0(?: ?[-./] ?| {1,2})?[1-9](?:(?: ?[-./] ?| {1,2})?\d){8}(?! ?[-./]? ?\d)/g,
  // Also wrapped at a line break (one, see \`wrappedOnce\`), or grouped with dots or slashes, which
  // an IP address, a date or a document number is too: those need a tax or company label (\`PII_RULES\`).
  IPN: /(?<![\dA-Za-z_])\d(?:[ ./\n-]?\d){9}(?![ ./\n-]?\d|[A-Za-z_])/g,
  EDRPOU: /(?<![\dA-Za-z_])\d(?:[ ./\n]?\d){7}(?![ ./\n]?\d|[A-Za-z_])/g,
  // With dashes too («ЄДРПОУ 41-90-33-55», «1928-7406»), as an ISO date is written: taken only right
  // behind a company-code label and not in a date's shape (\`PII_DISGUISED_RULES\`).
  EDRPOU_DASHED: /(?<![\dA-Za-z_])\d(?:[ ./\n-]?\d){7}(?![ ./\n-]?\d|[A-Za-z_])/g,
  // A booklet passport spelled out (\`К Н 1 2 3 4 5 6\`) or grouped (\`КН 123 456\`, \`КН 12 34 56\`):
  // the series, spaced or not, then six digits with single spaces; anything but digits one by one
  // needs a passport label (\`spacedPassport\`), since «ЗП 150 000» is an amount.
  PASSPORT: /(?<![A-Za-zА-ЯІЇЄҐа-яіїєґ0-9])[АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЮЯABCEHIKMOPTX] ?[АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЮЯABCEHIKMOPTX][ \n](?:№ ?)?\d(?: ?\d){5}(?! ?\d)/g,
  // A foreign-travel passport's series is any two Latin capitals («FA123456», "FX 123456"), which
  // a stock code or a reference is too: taken only right behind a passport label (\`PII_DISGUISED_RULES\`).
  // A phone outside Ukraine: a plus, a country code, groups with single spaces, dashes, dots or a
  // bracketed area code ("+1 (415) 555-0132", «+48 601 234 567»); how many digits decides.
  PHONE_INTERNATIONAL: /(?<![\dA-Za-z_+])\+ ?[1-9](?:[ \u00a0.-]?\(?\d\)?){7,14}(?![\dA-Za-z_])/g,
  PASSPORT_LATIN: /(?<![A-Za-zА-ЯІЇЄҐа-яіїєґ0-9])[A-Z]{2}(?: ?(?:№|No\.?|#|-) ?| )?\d{6}(?![\dA-Za-z])/g,
  // A passport's six digits alone, as a form writes them after the series («паспорт серія КМ, номер
  // 123456», "passport: series KM, number 123456"): taken only behind that series (\`PII_DISGUISED_RULES\`).
  PASSPORT_NUMBER: /(?<![\dA-Za-z_])\d{6}(?![\dA-Za-z_])/g,
  // A passport of four digits of series and six of number («паспорт РФ 45 12 345678», «паспорт 4512 345678»):
  // ten digits as a tax id or a phone has them, taken only right behind a passport label.
  PASSPORT_DIGITS: /(?<![\dA-Za-z_])\d\d ?\d\d ?\d{6}(?![\dA-Za-z_])/g,
  // A record number of the demographic register (УНЗР, on an ID card): the holder's birth date and
  // five digits, \`19900101-01234\`; taken only behind its label, since an order number may start with a date.
  UNZR: /(?<![\dA-Za-z_])\d{8}-\d{5}(?![\dA-Za-z_])/g,
} as const;

/**
 * What every pattern above needs somewhere in the normalised view: an ASCII digit, an @, or the
 * bracketed "at" or the spelled-out " dot " of a disguised e-mail. A text without any (most audit details and tool-result
 * strings) is returned as it is without running the patterns.
 */
export const PII_CANDIDATE_HINT = /[0-9@]|[([{<] ?(?:at|AT) ?[)\]}>]| (?:dot|DOT) | (?:at|AT) (?:gmail|outlook|hotmail|yahoo|ukr|meta|i|mail)\./;

/**
 * A UUID, bare or behind a short prefix (`req-…`, `t-…`): random hex whose digit runs the redactor would
 * sometimes take for a tax id or an EDRPOU (about 1 in 100), and which carries nothing personal. Fixed
 * lengths only, so it is linear like the patterns above.
 */
export const UUID_ID = /^(?:[A-Za-z]{1,16}[-_:])?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One of the patterns above, matched only where `lastIndex` stands (sticky, not global): the same
 * source and so the same proof. `redactPii` tries such a copy at the few starts where a rule's
 * matches can begin (`startsNear`), instead of letting the global pattern try every unit.
 */
export function stickyCopy(pattern: RegExp): RegExp {
  return new RegExp(pattern.source, `${pattern.flags.replace('g', '')}y`);
}
