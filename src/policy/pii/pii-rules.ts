import { cardSpanLength } from './card-span-length.js';
import { edrpouValid } from './edrpou-valid.js';
import { ibanValid } from './iban-valid.js';
import { ipnValid } from './ipn-valid.js';
import { insideLongerNumber, labelledAsDocumentNumber, labelledAsIdentityDocument } from './pii-context.js';
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
}

// Seal, invoice, waybill, batch and order numbers are numbers, not people: a label before them wins.
const notDocumentNumber = (view: string, start: number): boolean => !labelledAsDocumentNumber(view, start);
const standalone = (view: string, start: number, end: number): boolean => notDocumentNumber(view, start) && !insideLongerNumber(view, start, end);
const identityDocument = (view: string, start: number, end: number): boolean => labelledAsIdentityDocument(view, start) && standalone(view, start, end);

const whole = (candidate: string): number => candidate.length;
const wholeIf =
  (valid: (candidate: string) => boolean) =>
  (candidate: string): number =>
    valid(candidate) ? candidate.length : 0;

/**
 * The rules in the order they run. E-mail goes first because local parts hold digits
 * (`ivan0671234567@…` must not lose a phone-shaped piece and leave a broken address); then the
 * longest numbers first (IBAN 29, card 13–19, phone, IPN 10, EDRPOU 8) so a shorter rule never
 * cuts a longer number into pieces. Each rule runs on the output of the previous one, and markers
 * hold no digits, so a redacted span is never matched again.
 */
export const PII_RULES: readonly PiiRule[] = [
  { type: 'EMAIL', pattern: PII_PATTERNS.EMAIL, measure: whole, minDigits: 0, needsAt: true },
  { type: 'IBAN', pattern: PII_PATTERNS.IBAN, measure: wholeIf(ibanValid), minDigits: 2 },
  { type: 'CARD', pattern: PII_PATTERNS.CARD, measure: cardSpanLength, accept: notDocumentNumber, minDigits: 13 },
  { type: 'PHONE', pattern: PII_PATTERNS.PHONE, measure: whole, minDigits: 10 },
  { type: 'IPN', pattern: PII_PATTERNS.IPN, measure: wholeIf(ipnValid), accept: standalone, minDigits: 10 },
  { type: 'EDRPOU', pattern: PII_PATTERNS.EDRPOU, measure: wholeIf(edrpouValid), accept: standalone, minDigits: 8 },
  { type: 'PASSPORT', pattern: PII_PATTERNS.PASSPORT, measure: whole, accept: notDocumentNumber, minDigits: 6 },
  { type: 'ID_CARD', pattern: PII_PATTERNS.ID_CARD, measure: whole, accept: identityDocument, minDigits: 9 },
];

// The digit groups of a code written with spaces or dashes.
function splitGroups(candidate: string): string[] {
  const groups: string[] = [];
  let group = '';
  for (const char of candidate) {
    if (char === ' ' || char === '-') {
      groups.push(group);
      group = '';
    } else group += char;
  }
  groups.push(group);
  return groups;
}

// Digits with spaces inside, checked as the plain code; grouped like an amount ("10 000 000", "1 234
// 567 890": one to three digits, then groups of three) they are an amount, not a code.
const spacedCode =
  (valid: (candidate: string) => boolean) =>
  (candidate: string): number => {
    const groups = splitGroups(candidate);
    const amountLike = groups.length > 1 && (groups[0]?.length ?? 0) <= 3 && groups.slice(1).every((group) => group.length === 3);
    return !amountLike && valid(groups.join('')) ? candidate.length : 0;
  };

/**
 * Disguised forms, each after the plain rule of its type (so a plain match is never cut by a
 * looser pattern): `name (at) domain`, phones spaced digit by digit, IPN and EDRPOU with spaces.
 */
const PII_DISGUISED_RULES: readonly PiiRule[] = [
  { type: 'EMAIL', pattern: PII_DISGUISED_PATTERNS.EMAIL, measure: whole, minDigits: 0 },
  { type: 'EMAIL', pattern: PII_DISGUISED_PATTERNS.EMAIL_WORDS, measure: whole, minDigits: 0 },
  { type: 'PHONE', pattern: PII_DISGUISED_PATTERNS.PHONE, measure: whole, minDigits: 10 },
  { type: 'IPN', pattern: PII_DISGUISED_PATTERNS.IPN, measure: spacedCode(ipnValid), accept: standalone, minDigits: 10 },
  { type: 'EDRPOU', pattern: PII_DISGUISED_PATTERNS.EDRPOU, measure: spacedCode(edrpouValid), accept: standalone, minDigits: 8 },
];

/** Every rule in the order `redactPii` runs them: each type's plain rule, then its disguised one. */
export const ALL_PII_RULES: readonly PiiRule[] = PII_RULES.flatMap((rule) => [rule, ...PII_DISGUISED_RULES.filter((disguised) => disguised.type === rule.type)]);
