import { z } from 'zod';
import { describeCities, normaliseCity } from '../cities.js';
import type { Warehouse } from '../entities.js';
import { normaliseSku } from '../identifiers.js';
import type { ToolResult } from '../tool-result.js';
import { errorEnvelope } from '../tool-result.js';
import { checkArgs, inFieldOrder } from '../validation/check-args.js';
import { quoteValue, textProblems } from '../validation/problems.js';
import type { OperationContext } from './operation-context.js';

export const CheckStockInput = z.strictObject({
  sku: z.string().max(64).describe('Stock-keeping unit: SKU- and 4 digits, e.g. SKU-1001 (case is ignored)'),
  warehouse: z
    .string()
    .max(64)
    .optional()
    .describe('Only this warehouse: a city (Київ, Львів, Одеса, Харків, Дніпро; English names accepted) or an id such as WH-KYIV'),
  min_qty: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe('Quantity needed; the result says which warehouses hold at least this many and whether the total covers it'),
});
export type CheckStockInput = z.infer<typeof CheckStockInput>;

/** Stock of one SKU per warehouse (or in one warehouse), with totals and an optional minimum check. */
export async function checkStock(context: OperationContext, raw: unknown): Promise<ToolResult> {
  // Schema and domain problems together: a caller fixes every field in one round.
  const { value: args, fields, problems } = checkArgs(CheckStockInput, raw);
  const skuDamage = fields.sku === undefined ? [] : textProblems('sku', fields.sku);
  const warehouseDamage = fields.warehouse === undefined ? [] : textProblems('warehouse', fields.warehouse);
  problems.push(...skuDamage, ...warehouseDamage);
  const sku = fields.sku === undefined || skuDamage.length > 0 ? undefined : normaliseSku(fields.sku);
  if (fields.sku !== undefined && skuDamage.length === 0 && !sku) problems.push(`sku: expected SKU- and 4 digits (e.g. SKU-1001), got ${quoteValue(fields.sku)}`);
  const warehouses = await context.store.listWarehouses();
  const warehouse = fields.warehouse === undefined || warehouseDamage.length > 0 ? undefined : findWarehouse(warehouses, fields.warehouse);
  if (fields.warehouse !== undefined && warehouseDamage.length === 0 && !warehouse) {
    problems.push(`warehouse: unknown warehouse ${quoteValue(fields.warehouse)}; expected a city: ${describeCities()}`);
  }
  if (!args || !sku || problems.length > 0) return errorEnvelope(inFieldOrder(CheckStockInput, problems));

  const product = await context.store.getProduct(sku);
  if (!product) return errorEnvelope([`sku: unknown SKU ${sku}`]);
  const levels = await context.store.listStock(sku);
  const shown = warehouse
    ? [levels.find((l) => l.warehouseId === warehouse.warehouseId) ?? { warehouseId: warehouse.warehouseId, city: warehouse.city, quantity: 0 }]
    : levels;
  const total = shown.reduce((sum, l) => sum + l.quantity, 0);
  return {
    status: 'ok',
    sku,
    name: product.name,
    category: product.category,
    ...(warehouse && { warehouse: warehouse.city }),
    total_qty: total,
    warehouses: shown.map((l) => ({ warehouse_id: l.warehouseId, city: l.city, qty: l.quantity })),
    ...(args.min_qty !== undefined && {
      min_qty: args.min_qty,
      warehouses_with_min_qty: shown.filter((l) => l.quantity >= (args.min_qty ?? 0)).map((l) => l.city),
      enough_in_total: total >= args.min_qty,
    }),
  };
}

function findWarehouse(warehouses: readonly Warehouse[], input: string): Warehouse | undefined {
  const city = normaliseCity(input);
  const id = input.trim().toUpperCase();
  return warehouses.find((w) => w.city === city || w.warehouseId === id);
}
