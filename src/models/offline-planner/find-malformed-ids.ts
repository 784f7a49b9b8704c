import type { Language } from './chat-types.js';
import { MAX_TEXT_CHARS } from './read-text.js';
import type { Token } from './tokenize.js';
import { say } from './say.js';
import { tokenize } from './tokenize.js';

/** An identifier with the wrong number of digits ("TTN-123", "SKU-10011"), as the user wrote it. */
export interface MalformedId {
  kind: 'ttn' | 'sku';
  written: string;
}

const PREFIXES: Readonly<Record<string, MalformedId['kind']>> = { ttn: 'ttn', ттн: 'ttn', tth: 'ttn', sku: 'sku', ску: 'sku' };
const DIGITS: Readonly<Record<MalformedId['kind'], number>> = { ttn: 6, sku: 4 };
const JOINERS: ReadonlySet<string> = new Set(['-', '–', '#', '№']);

// A well-formed id is one token already (see TOKEN_PATTERN); a prefix word followed by a number is one
// that has too few or too many digits.
function malformedAt(tokens: readonly Token[], index: number, text: string): MalformedId | undefined {
  const prefix = tokens[index];
  const kind = prefix?.kind === 'word' ? PREFIXES[prefix.word] : undefined;
  if (!prefix || !kind) return undefined;
  let next = tokens[index + 1];
  if (next?.kind === 'symbol' && JOINERS.has(next.symbol) && next.start - prefix.end <= 1) next = tokens[index + 2];
  if (next?.kind !== 'number' || next.start - prefix.end > 2) return undefined;
  const written = text.slice(prefix.start, next.end);
  const digits = written.replace(/\D/g, '');
  return digits.length === DIGITS[kind] ? undefined : { kind, written };
}

/** Every malformed tracking id or SKU in the request, in order, each once. */
export function findMalformedIds(text: string): MalformedId[] {
  const bounded = text.slice(0, MAX_TEXT_CHARS);
  const tokens = tokenize(bounded);
  const found = new Map<string, MalformedId>();
  tokens.forEach((_, index) => {
    const id = malformedAt(tokens, index, bounded);
    if (id && !found.has(id.written)) found.set(id.written, id);
  });
  return [...found.values()];
}

/** What is wrong with one malformed id and what a right one looks like, in the request's language. */
export function malformedIdNote(id: MalformedId, language: Language): string {
  if (id.kind === 'ttn') {
    return say(language, {
      uk: `«${id.written}» — не номер відправлення: номер складається з TTN- і шести цифр, наприклад TTN-000001. Перевірте номер і надішліть його ще раз.`,
      en: `"${id.written}" is not a tracking number: a tracking number is TTN- followed by six digits, e.g. TTN-000001. Please check it and send it again.`,
      ru: `«${id.written}» — не номер отправления: номер состоит из TTN- и шести цифр, например TTN-000001. Проверьте номер и отправьте его ещё раз.`,
    });
  }
  return say(language, {
    uk: `«${id.written}» — не артикул: артикул складається з SKU- і чотирьох цифр, наприклад SKU-1001. Перевірте його і надішліть ще раз.`,
    en: `"${id.written}" is not a SKU: a SKU is SKU- followed by four digits, e.g. SKU-1001. Please check it and send it again.`,
    ru: `«${id.written}» — не артикул: артикул состоит из SKU- и четырёх цифр, например SKU-1001. Проверьте его и отправьте ещё раз.`,
  });
}
