import type { Language } from './chat-types.js';
import { numberField, objectList, textField, textList } from './fields.js';
import { cityLabel } from './labels.js';
import { productLabel } from './localise.js';

function minimumSentence(data: Readonly<Record<string, unknown>>, language: Language, filtered: boolean): string {
  const min = numberField(data, 'min_qty');
  if (min === undefined) return '';
  const uk = language === 'uk';
  const enough = data.enough_in_total === true;
  if (filtered) return uk ? ` Потрібно щонайменше ${min}: ${enough ? 'вистачає' : 'не вистачає'}.` : ` Needed at least ${min}: ${enough ? 'enough' : 'not enough'}.`;
  const holders = textList(data, 'warehouses_with_min_qty').map((city) => cityLabel(city, language));
  const where = holders.length > 0
    ? (uk ? `є на складах: ${holders.join(', ')}` : `held in ${holders.join(', ')}`)
    : (uk ? 'жоден склад не має стільки' : 'no single warehouse holds that many');
  const total = uk ? `загалом ${enough ? 'вистачає' : 'не вистачає'}` : `the total ${enough ? 'covers' : 'does not cover'} it`;
  return uk ? ` Потрібно щонайменше ${min}: ${where}; ${total}.` : ` Needed at least ${min}: ${where}; ${total}.`;
}

/** A check_stock result: total and per-warehouse quantities, and whether the needed quantity is covered. */
export function describeStock(data: Readonly<Record<string, unknown>>, language: Language): string {
  const uk = language === 'uk';
  const sku = textField(data, 'sku') ?? '?';
  const raw = textField(data, 'name');
  const name = raw === undefined ? undefined : productLabel(raw, language);
  const item = name ? `${sku} (${name})` : sku;
  const total = numberField(data, 'total_qty') ?? 0;
  const warehouse = textField(data, 'warehouse');
  if (warehouse !== undefined) {
    const where = cityLabel(warehouse, language);
    const head = uk ? `${item} на складі ${where}: ${total} шт.` : `${item} in ${where}: ${total} in stock.`;
    return head + minimumSentence(data, language, true);
  }
  const levels = objectList(data, 'warehouses').map((level) => `${cityLabel(textField(level, 'city'), language)} ${numberField(level, 'qty') ?? 0}`);
  const spread = levels.length > 0 ? ` — ${levels.join(', ')}` : '';
  const head = uk ? `${item}: усього ${total} шт.${spread}.` : `${item}: ${total} in stock in total${spread}.`;
  return head + minimumSentence(data, language, false);
}
