import type { Language } from './chat-types.js';
import { CYRILLIC } from './detect-language.js';

const SERVICE_NAMES: Readonly<Record<string, string>> = { standard: '«Стандарт»', express: '«Експрес»', overnight: '«Нічний»' };

/** A service as the answer's reader knows it: the tariff's Ukrainian name in Ukrainian, the code in English. */
export function serviceLabel(service: string, language: Language): string {
  return language === 'uk' ? (SERVICE_NAMES[service] ?? service) : service;
}

// The store keeps product names in Ukrainian; an English answer names the kind of product in English.
const PRODUCT_KINDS: ReadonlyArray<readonly [string, string]> = [
  ['Ноутбук', 'Laptop'], ['Монітор', 'Monitor'], ['Клавіатура', 'Keyboard'], ['Миша', 'Mouse'], ['Роутер', 'Router'],
  ['Маршрутизатор', 'Router'], ['Принтер', 'Printer'], ['ДБЖ', 'UPS'],
];

/** A product name in the answer's language; undefined when an English answer could only show it in Ukrainian. */
export function productLabel(name: string, language: Language): string | undefined {
  if (language === 'uk') return name;
  const named = PRODUCT_KINDS.reduce((text, [uk, en]) => text.replace(uk, en), name);
  return CYRILLIC.test(named) ? undefined : named;
}

/**
 * Free text recorded in the store (a delay reason), which is in Ukrainian: in an English answer it is
 * quoted and said to be a record in Ukrainian, so the answer itself stays in one language.
 */
export function recordedText(text: string, language: Language): string {
  return language === 'en' && CYRILLIC.test(text) ? `"${text}" (recorded in Ukrainian)` : text;
}

// The domain states problems in English (`field: what is wrong`); a Ukrainian answer says the common ones
// in Ukrainian. Anything not listed is shown as the server wrote it.
const UK_PROBLEMS: ReadonlyArray<readonly [RegExp, (m: RegExpExecArray) => string]> = [
  [/^tracking_id: no shipment (\S+)$/, (m) => `відправлення ${m[1]} не знайдено`],
  [/^tracking_id: (\S+) is already cancelled$/, (m) => `${m[1]} уже скасовано`],
  [/^tracking_id: (\S+) is (\S+) and cannot be cancelled$/, (m) => `${m[1]} не можна скасувати (статус ${m[2]})`],
  [/^tracking_id: expected TTN- and 6 digits \(e\.g\. TTN-000001\), got (.+)$/, (m) => `номер має вигляд TTN- і шість цифр (наприклад TTN-000001), а не ${m[1]}`],
  [/^sku: unknown SKU (\S+)$/, (m) => `артикула ${m[1]} немає в каталозі`],
  [/^sku: expected SKU- and 4 digits \(e\.g\. SKU-1001\), got (.+)$/, (m) => `артикул має вигляд SKU- і чотири цифри (наприклад SKU-1001), а не ${m[1]}`],
  [/^weight_kg: (\S+) kg is over the (\S+) limit of (\S+) kg; try (\S+)(?: or (\S+))?$/, (m) =>
    `вага ${m[1]} кг перевищує ліміт тарифу ${serviceLabel(m[2] ?? '', 'uk')} (${m[3]} кг); оберіть ${[m[4], m[5]].filter((s): s is string => s !== undefined).map((s) => serviceLabel(s, 'uk')).join(' або ')}`],
  [/^weight_kg: (\S+) kg is over the (\S+) limit of (\S+) kg$/, (m) => `вага ${m[1]} кг перевищує ліміт тарифу ${serviceLabel(m[2] ?? '', 'uk')} (${m[3]} кг)`],
  [/^refund_uah: (\S+) UAH is over the automatic refund cap of (\S+) UAH; a larger refund needs a manual process$/, (m) =>
    `повернення ${m[1]} грн перевищує ліміт автоматичного повернення ${m[2]} грн; більша сума — лише через ручну процедуру ПВ-17`],
  [/^refund_uah: (\S+) UAH is more than the (\S+) UAH paid for (\S+)$/, (m) => `повернення ${m[1]} грн більше, ніж сплачено за ${m[3]} (${m[2]} грн)`],
  [/^destination: must differ from origin \(both are (.+)\)$/, (m) => `місто призначення має відрізнятися від міста відправлення (обидва — ${m[1]})`],
];

/** One problem of an error envelope in the answer's language (see UK_PROBLEMS). */
export function localiseProblem(problem: string, language: Language): string {
  if (language === 'en') return problem;
  for (const [pattern, say] of UK_PROBLEMS) {
    const match = pattern.exec(problem);
    if (match) return say(match);
  }
  return problem;
}
