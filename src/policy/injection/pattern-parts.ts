import type { InjectionPattern, PatternScript } from './injection-pattern.js';
import type { InjectionRule } from './injection-rule.js';

// The letters of the scripts the guard reads, after NFKC and lower-casing: Latin with its accented
// and Polish letters, Greek, Cyrillic and its supplement. Spelled out rather than `\p{L}`: V8 tests a
// short range list at every position far faster than the whole Unicode letter table (about 8x on
// 1 MB), and a letter of another script next to a keyword only makes a match more likely, not less.
const LETTER_RANGES = String.raw`a-z\u00df-\u024f\u0370-\u03ff\u0400-\u052f`;

/** One letter of Latin, Greek or Cyrillic script (lower case). */
export const LETTER = `[${LETTER_RANGES}]`;

/** One letter or ASCII digit. */
export const WORD_CHAR = `[${LETTER_RANGES}0-9]`;

/**
 * A word edge: one character that is not a {@link WORD_CHAR}, consumed rather than asserted. `\b`
 * knows only ASCII letters, so it would split every Cyrillic word; a consumed character keeps every
 * pattern free of lookarounds. Views are padded with a newline at both ends, so the first and last
 * words have an edge too.
 */
export const EDGE = `[^${LETTER_RANGES}0-9]`;

/** A bounded gap of up to `max` characters inside one line; stands in for `.*`, which is never used. */
export function gap(max: number): string {
  return String.raw`[^\n]{0,${max}}`;
}

/** An optional gap of up to `max` characters that ends on a word edge, so the next word starts whole. */
export function optionalGap(max: number): string {
  return `(?:${gap(max)}${EDGE})?`;
}

/** A non-capturing alternation of the given regex sources. */
export function anyOf(...alternatives: readonly string[]): string {
  return `(?:${alternatives.join('|')})`;
}

/** Up to `max` words from `fillers`, each after one or two spaces or commas: "give me your api key". */
export function fillers(words: readonly string[], max: number): string {
  return String.raw`(?:[\s,]{1,2}${anyOf(...words)}){0,${max}}[\s,]{1,2}`;
}

/** Compiles one pattern. Only the `u` flag: views are lower-cased, and no pattern needs global state. */
export function definePattern(rule: InjectionRule, script: PatternScript, ...parts: readonly string[]): InjectionPattern {
  return { rule, script, pattern: new RegExp(parts.join(''), 'u') };
}

/** The same pattern with a domain exception: a hit followed by text matching `unless` is not a hit. */
export function unlessFollowedBy(pattern: InjectionPattern, unless: RegExp): InjectionPattern {
  // Global, so the scanner can go on past a vetoed match (see findFirstHit).
  return { ...pattern, pattern: new RegExp(pattern.pattern.source, 'gu'), unless };
}

/** The same pattern with a veto that reads the match and the text around it (see `InjectionPattern.veto`). */
export function vetoedBy(pattern: InjectionPattern, veto: NonNullable<InjectionPattern['veto']>): InjectionPattern {
  // Global, so the scanner can go on past a vetoed match (see findFirstHit).
  return { ...pattern, pattern: new RegExp(pattern.pattern.source, 'gu'), veto };
}

/**
 * What follows a request for a password or code that belongs to the delivery itself: a parcel
 * locker, a pickup point, a branch, a gate or an intercom, in en/uk/ru.
 */
export const DELIVERY_ACCESS_CONTEXT = new RegExp(
  String.raw`^[^\n]{0,40}(?:locker|parcel|pickup|pick-up|branch|door|gate|intercom|postomat|poshtomat|поштомат|почтомат|відділен|отделени|пункт|воріт|ворот|домофон|під'їзд|подъезд|комірк|ячейк)`,
  'u',
);

/**
 * What follows "your rules" when a customer asks about a delivery rule: "for cancelling a parcel",
 * "щодо повернення", "по возврату".
 */
export const DELIVERY_RULES_CONTEXT = new RegExp(
  String.raw`^[^\n]{0,12}(?:for|on|about|regarding|of|щодо|для|про|по|о|об|на)\s[^\n]{0,30}(?:cancel|deliver|parcel|refund|packag|return|shipment|pickup|overnight|express|weight|insur|storage|fragile|recipient|sender|address|batter|box|oversize|скасув|доставк|посилк|поверн|пакуван|відправлен|ваг|вазі|габарит|страхув|зберіган|отримувач|адрес|батар|коробк|негабарит|отмен|посылк|возврат|упаковк|отправлени|вес|хранени|получател|батар|коробк)`,
  'u',
);
