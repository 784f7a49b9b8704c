import type { Language } from './chat-types.js';
import { CYRILLIC } from './detect-language.js';

const SERVICE_NAMES: Readonly<Record<'uk' | 'ru', Readonly<Record<string, string>>>> = {
  uk: { standard: '«Стандарт»', express: '«Експрес»', overnight: '«Нічний»' },
  ru: { standard: '«Стандарт»', express: '«Экспресс»', overnight: '«Ночной»' },
};

/** A service as the answer's reader knows it: the tariff's name in Ukrainian or Russian, the code in English. */
export function serviceLabel(service: string, language: Language): string {
  return language === 'en' ? service : (SERVICE_NAMES[language][service] ?? service);
}

// The store keeps product names in Ukrainian; an English or Russian answer names the kind of product in its language.
const PRODUCT_KINDS: ReadonlyArray<readonly [uk: string, en: string, ru: string]> = [
  ['Ноутбук', 'Laptop', 'Ноутбук'], ['Монітор', 'Monitor', 'Монитор'], ['Клавіатура', 'Keyboard', 'Клавиатура'], ['Миша', 'Mouse', 'Мышь'],
  ['Роутер', 'Router', 'Роутер'], ['Маршрутизатор', 'Router', 'Маршрутизатор'], ['Принтер', 'Printer', 'Принтер'], ['ДБЖ', 'UPS', 'ИБП'],
];

/** A product name in the answer's language; undefined when an English answer could only show it in Ukrainian. */
export function productLabel(name: string, language: Language): string | undefined {
  if (language === 'uk') return name;
  const named = PRODUCT_KINDS.reduce((text, [uk, en, ru]) => text.replace(uk, language === 'ru' ? ru : en), name);
  return language === 'en' && CYRILLIC.test(named) ? undefined : named;
}

/**
 * Free text recorded in the store (a delay reason), which is in Ukrainian: in an English or Russian
 * answer it is quoted and said to be a record in Ukrainian, so the answer itself stays in one language.
 */
export function recordedText(text: string, language: Language): string {
  if (language === 'uk' || !CYRILLIC.test(text)) return text;
  return language === 'ru' ? `«${text}» (запись на украинском)` : `"${text}" (recorded in Ukrainian)`;
}

type ProblemText = (m: RegExpExecArray, language: 'uk' | 'ru') => string;
const pick = (language: 'uk' | 'ru', uk: string, ru: string): string => (language === 'uk' ? uk : ru);
const services = (m: RegExpExecArray, language: 'uk' | 'ru'): string =>
  [m[4], m[5]].filter((s): s is string => s !== undefined).map((s) => serviceLabel(s, language)).join(pick(language, ' або ', ' или '));

// The domain states problems in English (`field: what is wrong`); a Ukrainian or Russian answer says the
// common ones in its language. Anything not listed is shown as the server wrote it.
const PROBLEMS: ReadonlyArray<readonly [RegExp, ProblemText]> = [
  [/^tracking_id: no shipment (\S+)$/, (m, l) => pick(l, `відправлення ${m[1]} не знайдено`, `отправление ${m[1]} не найдено`)],
  [/^tracking_id: (\S+) is already cancelled$/, (m, l) => pick(l, `${m[1]} уже скасовано`, `${m[1]} уже отменено`)],
  [/^tracking_id: (\S+) is (\S+) and cannot be cancelled$/, (m, l) => pick(l, `${m[1]} не можна скасувати (статус ${m[2]})`, `${m[1]} нельзя отменить (статус ${m[2]})`)],
  [/^tracking_id: expected TTN- and 6 digits \(e\.g\. TTN-000001\), got (.+)$/, (m, l) =>
    pick(l, `номер має вигляд TTN- і шість цифр (наприклад TTN-000001), а не ${m[1]}`, `номер имеет вид TTN- и шесть цифр (например TTN-000001), а не ${m[1]}`)],
  [/^sku: unknown SKU (\S+)$/, (m, l) => pick(l, `артикула ${m[1]} немає в каталозі`, `артикула ${m[1]} нет в каталоге`)],
  [/^sku: expected SKU- and 4 digits \(e\.g\. SKU-1001\), got (.+)$/, (m, l) =>
    pick(l, `артикул має вигляд SKU- і чотири цифри (наприклад SKU-1001), а не ${m[1]}`, `артикул имеет вид SKU- и четыре цифры (например SKU-1001), а не ${m[1]}`)],
  [/^weight_kg: (\S+) kg is over the (\S+) limit of (\S+) kg; try (\S+)(?: or (\S+))?$/, (m, l) =>
    pick(l, `вага ${m[1]} кг перевищує ліміт тарифу ${serviceLabel(m[2] ?? '', l)} (${m[3]} кг); оберіть ${services(m, l)}`,
      `вес ${m[1]} кг превышает лимит тарифа ${serviceLabel(m[2] ?? '', l)} (${m[3]} кг); выберите ${services(m, l)}`)],
  [/^weight_kg: (\S+) kg is over the (\S+) limit of (\S+) kg$/, (m, l) =>
    pick(l, `вага ${m[1]} кг перевищує ліміт тарифу ${serviceLabel(m[2] ?? '', l)} (${m[3]} кг)`, `вес ${m[1]} кг превышает лимит тарифа ${serviceLabel(m[2] ?? '', l)} (${m[3]} кг)`)],
  [/^refund_uah: (\S+) UAH is over the automatic refund cap of (\S+) UAH; a larger refund needs a manual process$/, (m, l) =>
    pick(l, `повернення ${m[1]} грн перевищує ліміт автоматичного повернення ${m[2]} грн; більша сума — лише через ручну процедуру ПВ-17`,
      `возврат ${m[1]} грн превышает лимит автоматического возврата ${m[2]} грн; большая сумма — только через ручную процедуру ПВ-17`)],
  [/^refund_uah: (\S+) UAH exceeds the (\S+) UAH paid for (\S+)$/, (m, l) =>
    pick(l, `повернення ${m[1]} грн більше, ніж сплачено за ${m[3]} (${m[2]} грн)`, `возврат ${m[1]} грн больше, чем оплачено за ${m[3]} (${m[2]} грн)`)],
  [/^destination: must differ from origin \(both are (.+)\)$/, (m, l) =>
    pick(l, `місто призначення має відрізнятися від міста відправлення (обидва — ${m[1]})`, `город назначения должен отличаться от города отправления (оба — ${m[1]})`)],
];

/** One problem of an error envelope in the answer's language (see PROBLEMS). */
export function localiseProblem(problem: string, language: Language): string {
  if (language === 'en') return problem;
  for (const [pattern, text] of PROBLEMS) {
    const match = pattern.exec(problem);
    if (match) return text(match, language);
  }
  return problem;
}
