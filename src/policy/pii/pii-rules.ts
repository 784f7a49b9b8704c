import { cardSpanLength, namedCardLength } from './card-span-length.js';
import { edrpouValid } from './edrpou-valid.js';
import { ibanEnds, ibanSpanLength } from './iban-span-length.js';
import { internationalPhoneLength, notSignedAmount } from './international-phone-length.js';
import { ipnValid } from './ipn-valid.js';
import { isAsciiDigit } from './is-ascii-digit.js';
import { CARD_LABELS, EDRPOU_LABELS, ID_LABELS, identityLabelRightBefore, insideLongerNumber, labelAdjacent, labelledAsDocumentNumber, labelledByColumn, labelledAsIdentityDocument, passportSeriesNamedBefore, TAX_ID_LABELS, UNZR_LABELS, wrappedOnce } from './pii-context.js';
import { PII_DISGUISED_PATTERNS, PII_PATTERNS } from './pii-patterns.js';
import type { PiiType } from './pii-type.js';

/** How one type is found: a candidate pattern, then a check in code that says how much of the candidate is PII. */
export interface PiiRule {
  readonly type: PiiType;
  readonly pattern: RegExp;
  /** Length of the PII at the start of `candidate`; 0 rejects it. */
  readonly measure: (candidate: string) => number;
  /** What the text around a measured match says (`start` to `end` of the view); false leaves it alone. */
  readonly accept?: (view: string, start: number, end: number) => boolean;
  /** Every match of the pattern holds at least this many ASCII digits (pii-rules.test.ts checks): a view with fewer skips the rule. */
  readonly minDigits: number;
  /** Every match holds an @: a view without one skips the rule. */
  readonly needsAt?: boolean;
  /** Every match holds this many ASCII digits in a row. */
  readonly minDigitRun?: number;
  /** Every match holds this many ASCII digits with at most one space between each two. */
  readonly minSpacedRun?: number;
  /** Every match holds this many ASCII digits with at most one of space . / | - or a line break, or two spaces, between each two. */
  readonly minGroupedRun?: number;
  /** False when no match can be in the view (a cheap look for what every match holds); true tells nothing. */
  readonly mayMatch?: (view: string) => boolean;
  /**
   * Where every match starts, so the redactor tries the pattern only there, not at every unit of the
   * text: at most `lead` units before the first digit of a run of the view's digits (`runSpans` of
   * `DigitRuns` for 'run', `spacedSpans` for 'spaced') and before its last digit; or, for 'address',
   * one unit before the address units right before an @ (at the text's start when they start it).
   */
  readonly startsNear?: { readonly spans: 'run' | 'spaced'; readonly lead: number } | { readonly spans: 'address' };
}

const isOpening = (unit: number): boolean => unit === 0x28 || unit === 0x5b || unit === 0x7b || unit === 0x3c;
const isClosing = (unit: number): boolean => unit === 0x29 || unit === 0x5d || unit === 0x7d || unit === 0x3e;
/** Whether the view holds a bracketed at, «(at)», «[ AT ]», which every disguised address does. */
export function hasBracketedAt(view: string): boolean {
  // Most texts have no bracket to open one, and many an «at» inside words: the brackets are looked for first.
  if (!view.includes('(') && !view.includes('[') && !view.includes('{') && !view.includes('<')) return false;
  for (const word of ['at', 'AT']) {
    for (let at = view.indexOf(word); at >= 0; at = view.indexOf(word, at + 1)) {
      const before = view.charCodeAt(at - 1) === 0x20 ? at - 2 : at - 1;
      const after = view.charCodeAt(at + 2) === 0x20 ? at + 3 : at + 2;
      if (isOpening(view.charCodeAt(before)) && isClosing(view.charCodeAt(after))) return true;
    }
  }
  return false;
}
/** Whether the view holds a bracketed dot, «[dot]», «(DOT)», as `name@domain[dot]com` does. */
function hasBracketedDot(view: string): boolean {
  for (const word of ['dot', 'DOT']) {
    for (let at = view.indexOf(word); at >= 0; at = view.indexOf(word, at + 1)) {
      const before = view.charCodeAt(at - 1) === 0x20 ? at - 2 : at - 1;
      const after = view.charCodeAt(at + 3) === 0x20 ? at + 4 : at + 3;
      if (isOpening(view.charCodeAt(before)) && isClosing(view.charCodeAt(after))) return true;
    }
  }
  return false;
}
const MAIL_PROVIDERS = ['gmail.', 'outlook.', 'hotmail.', 'yahoo.', 'ukr.', 'meta.', 'i.', 'mail.'] as const;
/** Whether « at » is followed by a mail provider's domain with its dot ("ivan at gmail.com"), as `PII_DISGUISED_PATTERNS.EMAIL_WORDS` writes it. */
export function atProviderDomain(view: string): boolean {
  for (const word of [' at ', ' AT ']) {
    for (let at = view.indexOf(word); at >= 0; at = view.indexOf(word, at + 1)) {
      if (MAIL_PROVIDERS.some((provider) => view.startsWith(provider, at + 4))) return true;
    }
  }
  return false;
}
/** Whether the view holds « at » and « dot » as words, or « at » before a provider's domain: what an address in plain words holds. */
const hasWordsAtAndDot = (view: string): boolean => ((view.includes(' dot ') || view.includes(' DOT ')) && (view.includes(' at ') || view.includes(' AT '))) || atProviderDomain(view);

// Seal, invoice, waybill, batch and order numbers are numbers, not people: a label before them wins.
const notDocumentNumber = (view: string, start: number): boolean => !labelledAsDocumentNumber(view, start);
/**
 * A phone is no order, ticket or version number («Order #0671234567», «версія 3.8.0671234567»): the
 * label right before it, or a dotted number it ends (`3.8.` before it), says so. A number written
 * with `+` is a phone whatever precedes it.
 */
const phoneContext = (view: string, start: number, end: number): boolean =>
  wrappedOnce(view, start, end) && (view.charCodeAt(start) === 0x2b || (notDocumentNumber(view, start) && !endsDottedNumber(view, start)));
const endsDottedNumber = (view: string, start: number): boolean => start >= 2 && view[start - 1] === '.' && isAsciiDigit(view[start - 2]);
const standalone = (view: string, start: number, end: number): boolean => notDocumentNumber(view, start) && !insideLongerNumber(view, start, end);
const identityDocument = (view: string, start: number, end: number): boolean => labelledAsIdentityDocument(view, start) && standalone(view, start, end) && wrappedOnce(view, start, end, ID_LABELS);
// A number broken by a line break is taken as a card or a tax id only when the text says it is one;
// a phone's head and an IBAN's UA and checksum say it themselves.
/** How close a label must stand before a code grouped with dots or slashes («ІПН 318.471.069.1»). */
const DOTTED_CODE_REACH = 30;
const hasDotOrSlash = (view: string, start: number, end: number): boolean => {
  for (let at = start; at < end; at++) if (view.charCodeAt(at) === 0x2e || view.charCodeAt(at) === 0x2f) return true;
  return false;
};
/** Whether dotted or slashed groups read as a date (2-2-4, 4-2-2) or an IPv4 address (four groups up to 255). */
function dateOrAddressShaped(view: string, start: number, end: number): boolean {
  if (dateShaped(view, start, end)) return true;
  const groups = splitGroups(view.slice(start, end));
  return groups.length === 4 && groups.every((group) => group.length <= 3 && Number(group) <= 255);
}
/** Whether grouped digits read as a date (2-2-4, 4-2-2); dashed codes, never an IP address, are read by this alone. */
function dateShaped(view: string, start: number, end: number): boolean {
  const lengths = splitGroups(view.slice(start, end)).map((group) => group.length).join('-');
  return lengths === '2-2-4' || lengths === '4-2-2';
}

// Dates, IP addresses and document numbers are dotted or slashed too: such a code needs its label
// right before it, with only «№», «код», «номер» and the like between, and no date or address shape.
const labelledCode =
  (labels: readonly string[]) =>
  (view: string, start: number, end: number): boolean =>
    standalone(view, start, end) &&
    wrappedOnce(view, start, end, labels) &&
    (!hasDotOrSlash(view, start, end) || (!dateOrAddressShaped(view, start, end) && labelAdjacent(view, start, DOTTED_CODE_REACH, labels)));
/**
 * A code named outright by its label right before it («ІПН 3012345670», "EDRPOU code 41234560",
 * «РНОКПП: 301 234 5670») is taken without its checksum: a mistyped or made-up digit leaves the
 * number as identifying as before, and the label, not the digits, says what it is. Dotted or slashed
 * groups still need the checksum (dates, addresses and versions are written so). Only fillers
 * («№», «код», «номер», "no.") may stand between, so «податкова накладна 1234567890» (an invoice)
 * and "tax invoice 1234567890" stay.
 */
const namedCode =
  (labels: readonly string[]) =>
  (view: string, start: number, end: number): boolean =>
    standalone(view, start, end) && wrappedOnce(view, start, end, labels) && (labelAdjacent(view, start, DOTTED_CODE_REACH, labels) || labelledByColumn(view, start, labels)) && !hasDotOrSlash(view, start, end);
/**
 * {@link namedCode} for a code with dashes or dots between its groups («ЄДРПОУ: 41-90-33-55», «код ЕГРПОУ
 * 42.11.33.77»): the label right before it, and not a date's shape (2026-12-07 and 07.12.2026 are eight
 * digits so written). Slashes stay out: a document's number and its year are written with one.
 */
const namedDashedCode =
  (labels: readonly string[]) =>
  (view: string, start: number, end: number): boolean =>
    standalone(view, start, end) && wrappedOnce(view, start, end, labels) && labelAdjacent(view, start, DOTTED_CODE_REACH, labels) && !hasSlash(view, start, end) && !dateShaped(view, start, end);
const hasSlash = (view: string, start: number, end: number): boolean => view.slice(start, end).includes('/');
const isSlashOrBar = (unit: number): boolean => unit === 0x2f || unit === 0x7c;
const isDigitUnit = (unit: number): boolean => unit >= 0x30 && unit <= 0x39;
// A card is never one part of a number grouped with slashes or bars («9478/3255/3724/…»).
const slashGroupEdge = (view: string, start: number, end: number): boolean =>
  (isSlashOrBar(view.charCodeAt(start - 1)) && isDigitUnit(view.charCodeAt(start - 2))) || (isSlashOrBar(view.charCodeAt(end)) && isDigitUnit(view.charCodeAt(end + 1)));
const cardContext = (view: string, start: number, end: number): boolean => notDocumentNumber(view, start) && !slashGroupEdge(view, start, end) && wrappedOnce(view, start, end, CARD_LABELS);
/** Words that name a payment card itself (not a payment or a refund, which a card number only follows). */
const CARD_NAMES = ['card', 'картк', 'карта', 'карти', 'карту', 'карті', 'картою', 'картой', 'карте', 'карточк', 'visa', 'mastercard', 'maestro'] as const;
/** Sixteen digits right behind a card's name are a card whether or not they pass Luhn (see {@link namedCode}). */
const namedCard = (view: string, start: number, end: number): boolean =>
  notDocumentNumber(view, start) && !slashGroupEdge(view, start, end) && wrappedOnce(view, start, end, CARD_NAMES) && labelAdjacent(view, start, DOTTED_CODE_REACH, CARD_NAMES);

const whole = (candidate: string): number => candidate.length;
const wholeIf =
  (valid: (candidate: string) => boolean) =>
  (candidate: string): number =>
    valid(candidate) ? candidate.length : 0;


/**
 * Nine digits of an ID card whole, in 3-3-3, or either of those broken once by a line break where
 * the text was wrapped («08526⏎0958»); other groupings with spaces or dashes are not how the number is printed.
 */
function idCardGrouping(candidate: string): number {
  // Digits per group, once split at spaces and dashes only (a line break inside a group), once at line breaks too.
  const bySpaces: number[] = [0];
  const byAll: number[] = [0];
  for (const char of candidate) {
    if (char === ' ' || char === '-') {
      bySpaces.push(0);
      byAll.push(0);
    } else if (char === '\n') byAll.push(0);
    else {
      bySpaces[bySpaces.length - 1] = (bySpaces[bySpaces.length - 1] ?? 0) + 1;
      byAll[byAll.length - 1] = (byAll[byAll.length - 1] ?? 0) + 1;
    }
  }
  const threeThrees = (groups: readonly number[]): boolean => groups.length === 3 && groups.every((digits) => digits === 3);
  return bySpaces.length === 1 || threeThrees(bySpaces) || threeThrees(byAll) ? candidate.length : 0;
}

/**
 * The rules in the order they run. E-mail goes first because local parts hold digits
 * (`ivan0671234567@…` must not lose a phone-shaped piece and leave a broken address); then the
 * longest numbers first (IBAN 29, card 13–19, phone, IPN 10, EDRPOU 8) so a shorter rule never
 * cuts a longer number into pieces. Each rule runs on the output of the previous one, and markers
 * hold no digits, so a redacted span is never matched again.
 */
export const PII_RULES: readonly PiiRule[] = [
  { type: 'EMAIL', pattern: PII_PATTERNS.EMAIL, measure: whole, minDigits: 0, needsAt: true, startsNear: { spans: 'address' } },
  { type: 'IBAN', pattern: PII_PATTERNS.IBAN, measure: ibanSpanLength, accept: ibanEnds, minDigits: 2 },
  { type: 'CARD', pattern: PII_PATTERNS.CARD, measure: cardSpanLength, accept: cardContext, minDigits: 13, minGroupedRun: 13 },
  { type: 'PHONE', pattern: PII_PATTERNS.PHONE, measure: whole, accept: phoneContext, minDigits: 10 },
  { type: 'IPN', pattern: PII_PATTERNS.IPN, measure: wholeIf(ipnValid), accept: standalone, minDigits: 10, minDigitRun: 10 },
  { type: 'EDRPOU', pattern: PII_PATTERNS.EDRPOU, measure: wholeIf(edrpouValid), accept: standalone, minDigits: 8, minDigitRun: 8 },
  { type: 'PASSPORT', pattern: PII_PATTERNS.PASSPORT, measure: whole, accept: notDocumentNumber, minDigits: 6, minDigitRun: 6, startsNear: { spans: 'run', lead: 10 } },
  { type: 'ID_CARD', pattern: PII_PATTERNS.ID_CARD, measure: idCardGrouping, accept: identityDocument, minDigits: 9, minGroupedRun: 9 },
];

// The digit groups of a code written with spaces, dashes, dots, slashes or a line break.
function splitGroups(candidate: string): string[] {
  const groups: string[] = [];
  let group = '';
  for (const char of candidate) {
    if (char === ' ' || char === '-' || char === '\n' || char === '.' || char === '/') {
      groups.push(group);
      group = '';
    } else group += char;
  }
  groups.push(group);
  return groups;
}

const anyCode = (): boolean => true;

// Digits with spaces inside, checked as the plain code; grouped like an amount ("10 000 000", "1 234
// 567 890": one to three digits, then groups of three) they are an amount, not a code.
const spacedCode =
  (valid: (candidate: string) => boolean) =>
  (candidate: string): number => {
    const groups = splitGroups(candidate);
    const amountLike = groups.length > 1 && (groups[0]?.length ?? 0) <= 3 && groups.slice(1).every((group) => group.length === 3);
    return !amountLike && valid(groups.join('')) ? candidate.length : 0;
  };

/** How close a passport label must stand before a grouped series and number («паспорт серії КН 123 456»). */
const GROUPED_PASSPORT_REACH = 24;

/**
 * A passport series with its six digits spaced out one by one («Е К 3 3 3 7 8 1») is one on its own;
 * in groups («КН 123 456») only right behind a passport label, since two capitals and an amount
 * look the same («ЗП 150 000»).
 */
function spacedPassport(view: string, start: number, end: number): boolean {
  let oneByOne = true;
  let digits = 0;
  for (let at = start; at < end; at++) {
    const unit = view.charCodeAt(at);
    if (unit < 0x30 || unit > 0x39) continue;
    digits++;
    const next = view.charCodeAt(at + 1);
    if (digits < 6 && next >= 0x30 && next <= 0x39) oneByOne = false;
  }
  return notDocumentNumber(view, start) && !spacedWordBefore(view, start) && (oneByOne || identityLabelRightBefore(view, start, GROUPED_PASSPORT_REACH));
}

/** A Latin series and six digits right behind a passport label («закордонний паспорт FA123456»). */
const labelledLatinPassport = (view: string, start: number): boolean => notDocumentNumber(view, start) && identityLabelRightBefore(view, start, GROUPED_PASSPORT_REACH);

/**
 * Nine digits right behind an ID card's or passport's label are its number however grouped («паспорт
 * 00045812 3», «номер ID-картки 0 0 3 9 9 1 2 7 5», «ID-карты 00391-2468»): the label says what they are.
 */
const labelledIdCard = (view: string, start: number, end: number): boolean => identityDocument(view, start, end) && identityLabelRightBefore(view, start, GROUPED_PASSPORT_REACH);

/** A four-digit series and six-digit number right behind a passport label («паспорт РФ 45 12 345678»). */
const labelledDigitPassport = (view: string, start: number, end: number): boolean => standalone(view, start, end) && wrappedOnce(view, start, end) && identityLabelRightBefore(view, start, GROUPED_PASSPORT_REACH);

/** Six digits after a passport's series and «номер» («паспорт серія КМ, номер 123456»). */
const seriesThenNumber = (view: string, start: number, end: number): boolean => standalone(view, start, end) && passportSeriesNamedBefore(view, start);

const isLetterUnit = (unit: number): boolean => (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x400 && unit <= 0x4ff);
/** Whether a lone letter and a space stand before `start`: the series would be the tail of a word spelled out («Т Т Н 2 0 4 …», «Р А З О М 1 2 …»). */
const spacedWordBefore = (view: string, start: number): boolean => view.charCodeAt(start - 1) === 0x20 && isLetterUnit(view.charCodeAt(start - 2)) && !isLetterUnit(view.charCodeAt(start - 3));

/**
 * Disguised forms, each after the plain rule of its type (so a plain match is never cut by a
 * looser pattern): `name (at) domain`, phones spaced digit by digit and
 * outside Ukraine, IPN and EDRPOU with spaces, passports spaced or with a Latin series; a card, a
 * tax id or a company code named by its label right before it, whatever its checksum.
 */
const hasPlus = (view: string): boolean => view.includes('+');

const PII_DISGUISED_RULES: readonly PiiRule[] = [
  { type: 'EMAIL', pattern: PII_DISGUISED_PATTERNS.EMAIL, measure: whole, minDigits: 0, mayMatch: hasBracketedAt },
  { type: 'EMAIL', pattern: PII_DISGUISED_PATTERNS.EMAIL_WORD_DOT, measure: whole, minDigits: 0, mayMatch: hasBracketedAt },
  { type: 'EMAIL', pattern: PII_DISGUISED_PATTERNS.EMAIL_AT_DOT, measure: whole, minDigits: 0, needsAt: true, mayMatch: hasBracketedDot },
  { type: 'EMAIL', pattern: PII_DISGUISED_PATTERNS.EMAIL_WORDS, measure: whole, minDigits: 0, mayMatch: hasWordsAtAndDot },
  { type: 'PHONE', pattern: PII_DISGUISED_PATTERNS.PHONE, measure: whole, minDigits: 10, minGroupedRun: 10 },
  { type: 'PHONE', pattern: PII_DISGUISED_PATTERNS.PHONE_SPACED_SIGNS, measure: whole, minDigits: 12 },
  { type: 'PHONE', pattern: PII_DISGUISED_PATTERNS.PHONE_INTERNATIONAL, measure: internationalPhoneLength, accept: notSignedAmount, minDigits: 8, mayMatch: hasPlus },
  { type: 'CARD', pattern: PII_PATTERNS.CARD, measure: namedCardLength, accept: namedCard, minDigits: 13, minGroupedRun: 13 },
  { type: 'IPN', pattern: PII_DISGUISED_PATTERNS.IPN, measure: spacedCode(ipnValid), accept: labelledCode(TAX_ID_LABELS), minDigits: 10, minGroupedRun: 10 },
  { type: 'IPN', pattern: PII_DISGUISED_PATTERNS.IPN, measure: spacedCode(anyCode), accept: namedCode(TAX_ID_LABELS), minDigits: 10, minGroupedRun: 10 },
  { type: 'EDRPOU', pattern: PII_DISGUISED_PATTERNS.EDRPOU, measure: spacedCode(edrpouValid), accept: labelledCode(EDRPOU_LABELS), minDigits: 8, minGroupedRun: 8 },
  { type: 'EDRPOU', pattern: PII_DISGUISED_PATTERNS.EDRPOU, measure: spacedCode(anyCode), accept: namedCode(EDRPOU_LABELS), minDigits: 8, minGroupedRun: 8 },
  { type: 'EDRPOU', pattern: PII_DISGUISED_PATTERNS.EDRPOU_DASHED, measure: spacedCode(anyCode), accept: namedDashedCode(EDRPOU_LABELS), minDigits: 8, minGroupedRun: 8 },
  { type: 'PASSPORT', pattern: PII_DISGUISED_PATTERNS.PASSPORT, measure: whole, accept: spacedPassport, minDigits: 6, minSpacedRun: 6, startsNear: { spans: 'spaced', lead: 6 } },
  { type: 'PASSPORT', pattern: PII_DISGUISED_PATTERNS.PASSPORT_LATIN, measure: whole, accept: labelledLatinPassport, minDigits: 6, minDigitRun: 6, startsNear: { spans: 'run', lead: 10 } },
  { type: 'PASSPORT', pattern: PII_DISGUISED_PATTERNS.PASSPORT_NUMBER, measure: whole, accept: seriesThenNumber, minDigits: 6, minDigitRun: 6, startsNear: { spans: 'run', lead: 0 } },
  { type: 'PASSPORT', pattern: PII_DISGUISED_PATTERNS.PASSPORT_DIGITS, measure: whole, accept: labelledDigitPassport, minDigits: 10, minGroupedRun: 10 },
  { type: 'ID_CARD', pattern: PII_PATTERNS.ID_CARD, measure: whole, accept: labelledIdCard, minDigits: 9, minGroupedRun: 9 },
  { type: 'ID_CARD', pattern: PII_DISGUISED_PATTERNS.UNZR, measure: whole, accept: namedCode(UNZR_LABELS), minDigits: 13, minDigitRun: 8 },
];

/** Every rule in the order `redactPii` runs them: each type's plain rule, then its disguised one. */
export const ALL_PII_RULES: readonly PiiRule[] = PII_RULES.flatMap((rule) => [rule, ...PII_DISGUISED_RULES.filter((disguised) => disguised.type === rule.type)]);
