/**
 * Every kind of personal data the redactor knows, in the order its rules run (longest numbers
 * first, see `PII_RULES`). The names appear in markers (`[REDACTED:PHONE]`), in `guard scan --json`
 * and in `pii.redacted` audit events, so they are a contract: add names, never rename them.
 */
export const PII_TYPES = ['EMAIL', 'IBAN', 'CARD', 'PHONE', 'IPN', 'EDRPOU', 'PASSPORT', 'ID_CARD'] as const;

/**
 * One kind of personal data: `PHONE`, `EMAIL`, `CARD`, `IBAN`, `EDRPOU` (company code), `IPN`
 * (personal tax number, РНОКПП), `PASSPORT` (Ukrainian booklet passport: series of two letters and
 * six digits) or `ID_CARD` (the 9-digit number of an ID-card passport, when labelled as one).
 */
export type PiiType = (typeof PII_TYPES)[number];
