import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../domain/index.js';
import { fixedClock } from '../testing/fixed-clock.js';
import { connectInMemory } from './connect-in-memory.js';

let store: SqliteDomainStore;
let client: Client;
let close: () => Promise<void>;

beforeEach(async () => {
  store = SqliteDomainStore.open(':memory:');
  // Refunds up to the cap are approved by the threshold (decision `auto`, a grant per call): these tests are about the tools.
  ({ client, close } = await connectInMemory({ store, now: fixedClock('2026-11-30T09:00:00.000Z'), approvals: { grants: 'required', autoApproveUpToUah: 5000 } }));
});

afterEach(async () => {
  await close();
  await store.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  return result.structuredContent as Record<string, unknown>;
}

describe('the four domain tools', () => {
  it('lists four tools whose JSON schemas describe every field and forbid extra ones', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['track_shipment', 'check_stock', 'calc_delivery', 'cancel_shipment']);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema.additionalProperties).toBe(false);
      for (const property of Object.values(tool.inputSchema.properties ?? {})) {
        expect((property as { description?: string }).description).toMatch(/\w{3}/);
      }
    }
    const cancel = tools.find((t) => t.name === 'cancel_shipment');
    expect(cancel?.inputSchema.required).toEqual(['tracking_id', 'reason', 'refund_uah']);
    expect(cancel?.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
  });

  it('tracks a delayed shipment with the reason and its history', async () => {
    const result = await call('track_shipment', { tracking_id: 'ttn-000005' });
    expect(result).toMatchObject({ status: 'ok', tracking_id: 'TTN-000005', shipment_status: 'delayed', origin: 'Харків', cancellable: true });
    expect(result.delay_reason).toMatch(/Снігопад/);
    expect((result.history as Array<{ status: string }>).map((e) => e.status)).toEqual(['created', 'in_transit', 'delayed']);
  });

  it('aggregates stock over warehouses and answers min_qty per warehouse', async () => {
    const all = await call('check_stock', { sku: 'SKU-1001' });
    expect(all).toMatchObject({ sku: 'SKU-1001', category: 'laptops', total_qty: 78 });
    expect((all.warehouses as unknown[]).length).toBe(5);
    const enough = await call('check_stock', { sku: 'SKU-1001', min_qty: 15 });
    expect(enough).toMatchObject({ warehouses_with_min_qty: ['Київ', 'Львів'], enough_in_total: true });
    const kyivMonitors = await call('check_stock', { sku: 'SKU-1002', warehouse: 'WH-KYIV', min_qty: 10 });
    expect(kyivMonitors).toMatchObject({ warehouse: 'Київ', total_qty: 14, enough_in_total: true });
    const lvivMonitors = await call('check_stock', { sku: 'SKU-1002', warehouse: 'Львів' });
    expect(lvivMonitors).toMatchObject({ total_qty: 0, warehouses: [{ warehouse_id: 'WH-LVIV', city: 'Львів', qty: 0 }] });
  });

  it('prices 8 kg Odesa to Kharkiv express at 611 UAH with its breakdown, and adds insurance', async () => {
    const result = await call('calc_delivery', { origin: 'одеса', destination: 'Kharkiv', weight_kg: 8, service: 'EXPRESS' });
    expect(result).toMatchObject({
      origin: 'Одеса',
      destination: 'Харків',
      distance_km: 700,
      price_uah: 611,
      breakdown: { base_uah: 120, weight_uah: 176, distance_uah: 315, insurance_uah: 0 },
      delivery_days: 2,
    });
    const insured = await call('calc_delivery', { origin: 'Odesa', destination: 'Kharkiv', weight_kg: 8, service: 'express', declared_value_uah: 2000 });
    expect(insured).toMatchObject({ price_uah: 621, breakdown: { insurance_uah: 10 } });
    const overnight = await call('calc_delivery', { origin: 'Kyiv', destination: 'Lviv', weight_kg: 10, service: 'overnight' });
    expect(overnight).toMatchObject({ price_uah: 874, delivery_days: 1 });
  });

  it('cancels TTN-000004 with a 720 UAH refund once, replaying the same key and deriving one when absent', async () => {
    const args = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };
    const first = await call('cancel_shipment', args);
    expect(first).toMatchObject({
      status: 'ok',
      shipment_status: 'cancelled',
      cancellation_id: 'CNL-000002',
      refund_uah: 720,
      cancelled_at: '2026-11-30T09:00:00.000Z',
      replayed: false,
    });
    expect(first.idempotency_key).toMatch(/^auto:[0-9a-f]{64}$/);
    expect(await call('cancel_shipment', { ...args, tracking_id: ' ttn-000004 ' })).toMatchObject({ cancellation_id: 'CNL-000002', replayed: true });
    expect(await call('cancel_shipment', { ...args, reason: 'Інша причина' })).toEqual({ status: 'error', problems: ['tracking_id: TTN-000004 is already cancelled'] });
    expect(await store.countCancellations('TTN-000004')).toBe(1);
    const tracked = await call('track_shipment', { tracking_id: 'TTN-000004' });
    expect(tracked).toMatchObject({ shipment_status: 'cancelled', cancellable: false, cancellation: { refund_uah: 720, cancellation_id: 'CNL-000002' } });
  });

  it('refuses a key reused for a different cancellation', async () => {
    await call('cancel_shipment', { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720, idempotency_key: 'op-42' });
    const reused = await call('cancel_shipment', { tracking_id: 'TTN-000012', reason: 'Клієнт відмовився', refund_uah: 100, idempotency_key: 'op-42' });
    expect(reused).toEqual({ status: 'error', problems: ['idempotency_key: already used for a different cancellation (TTN-000004, 720 UAH)'] });
    expect((await call('track_shipment', { tracking_id: 'TTN-000012' })).shipment_status).toBe('created');
  });

  it('answers a store failure with the envelope and leaves the shipment untouched', async () => {
    const failing = Object.create(store) as SqliteDomainStore;
    failing.cancelShipment = () => Promise.reject(new Error('disk I/O error'));
    const broken = await connectInMemory({ store: failing });
    const result = await broken.client.callTool({
      name: 'cancel_shipment',
      arguments: { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 },
    });
    await broken.close();
    expect(result.isError).toBe(true);
    expect((result.structuredContent as { problems: string[] }).problems[0]).toMatch(/^internal: .*nothing was changed/);
    expect((await store.getShipment('TTN-000004'))?.status).toBe('created');
  });
});
