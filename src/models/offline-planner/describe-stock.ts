import type { Language } from './chat-types.js';
import { numberField, objectList, textField, textList } from './fields.js';
import { cityLabel } from './labels.js';
import { productLabel } from './localise.js';
import { say } from './say.js';

function minimumSentence(data: Readonly<Record<string, unknown>>, language: Language, filtered: boolean): string {
  const min = numberField(data, 'min_qty');
  if (min === undefined) return '';
  const enough = data.enough_in_total === true;
  if (filtered) {
    return say(language, {
      uk: ` Потрібно щонайменше ${min}: ${enough ? 'вистачає' : 'не вистачає'}.`,
      en: ` Needed at least ${min}: ${enough ? 'enough' : 'not enough'}.`,
      ru: ` Нужно не менее ${min}: ${enough ? 'хватает' : 'не хватает'}.`,
    });
  }
  const holders = textList(data, 'warehouses_with_min_qty').map((city) => cityLabel(city, language));
  const where = holders.length > 0
    ? say(language, { uk: `є на складах: ${holders.join(', ')}`, en: `held in ${holders.join(', ')}`, ru: `есть на складах: ${holders.join(', ')}` })
    : say(language, { uk: 'жоден склад не має стільки', en: 'no single warehouse holds that many', ru: 'ни один склад не имеет столько' });
  const total = say(language, {
    uk: `загалом ${enough ? 'вистачає' : 'не вистачає'}`,
    en: `the total ${enough ? 'covers' : 'does not cover'} it`,
    ru: `в целом ${enough ? 'хватает' : 'не хватает'}`,
  });
  return say(language, { uk: ` Потрібно щонайменше ${min}: ${where}; ${total}.`, en: ` Needed at least ${min}: ${where}; ${total}.`, ru: ` Нужно не менее ${min}: ${where}; ${total}.` });
}

/** A check_stock result: total and per-warehouse quantities, and whether the needed quantity is covered. */
export function describeStock(data: Readonly<Record<string, unknown>>, language: Language): string {
  const sku = textField(data, 'sku') ?? '?';
  const raw = textField(data, 'name');
  const name = raw === undefined ? undefined : productLabel(raw, language);
  const item = name ? `${sku} (${name})` : sku;
  const total = numberField(data, 'total_qty') ?? 0;
  const warehouse = textField(data, 'warehouse');
  if (warehouse !== undefined) {
    const where = cityLabel(warehouse, language);
    const head = say(language, { uk: `${item} на складі ${where}: ${total} шт.`, en: `${item} in ${where}: ${total} in stock.`, ru: `${item} на складе ${where}: ${total} шт.` });
    return head + minimumSentence(data, language, true);
  }
  const levels = objectList(data, 'warehouses').map((level) => `${cityLabel(textField(level, 'city'), language)} ${numberField(level, 'qty') ?? 0}`);
  const spread = levels.length > 0 ? ` — ${levels.join(', ')}` : '';
  const head = say(language, { uk: `${item}: усього ${total} шт.${spread}.`, en: `${item}: ${total} in stock in total${spread}.`, ru: `${item}: всего ${total} шт.${spread}.` });
  return head + minimumSentence(data, language, false);
}
