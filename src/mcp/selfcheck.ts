import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SqliteDomainStore } from '../domain/index.js';
import { connectInMemory } from './connect-in-memory.js';

/** One named check of the selfcheck and what it found. */
export interface SelfcheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

type Structured = Record<string, unknown>;

interface Check {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  /** Returns undefined when the result is right, else what is wrong. */
  expect: (result: Structured) => string | undefined;
}

const okWith = (field: string, value: unknown) => (r: Structured) =>
  r.status === 'ok' && r[field] === value ? undefined : `expected ${field} = ${JSON.stringify(value)}, got ${JSON.stringify(r)}`;

const problemAbout = (field: string) => (r: Structured) => {
  const problems = r.problems;
  return r.status === 'error' && Array.isArray(problems) && problems.some((p) => typeof p === 'string' && p.startsWith(`${field}:`))
    ? undefined
    : `expected the error envelope naming ${field}, got ${JSON.stringify(r)}`;
};

const CHECKS: readonly Check[] = [
  { name: 'price: 8 kg Odesa to Kharkiv express is 611 UAH', tool: 'calc_delivery', args: { origin: 'Odesa', destination: 'Харків', weight_kg: 8, service: 'express' }, expect: okWith('price_uah', 611) },
  { name: 'tracking: TTN-000005 is delayed and says why', tool: 'track_shipment', args: { tracking_id: 'TTN-000005' }, expect: (r) => (r.shipment_status === 'delayed' && typeof r.delay_reason === 'string' ? undefined : `got ${JSON.stringify(r)}`) },
  { name: 'tracking: " ttn-000001 " is normalised, in transit', tool: 'track_shipment', args: { tracking_id: ' ttn-000001 ' }, expect: okWith('shipment_status', 'in_transit') },
  { name: 'stock: SKU-1002 monitors in Kyiv cover 10', tool: 'check_stock', args: { sku: 'sku-1002', warehouse: 'Kyiv', min_qty: 10 }, expect: okWith('enough_in_total', true) },
  { name: 'cancel: TTN-000004 with a 720 UAH refund', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'selfcheck', refund_uah: 720, idempotency_key: 'selfcheck-1' }, expect: okWith('replayed', false) },
  { name: 'cancel: same idempotency key replays, no second refund', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'selfcheck', refund_uah: 720, idempotency_key: 'selfcheck-1' }, expect: okWith('replayed', true) },
  { name: 'envelope: malformed tracking id', tool: 'track_shipment', args: { tracking_id: 'TTN-12' }, expect: problemAbout('tracking_id') },
  { name: 'envelope: overnight over its weight limit', tool: 'calc_delivery', args: { origin: 'Київ', destination: 'Львів', weight_kg: 12, service: 'overnight' }, expect: problemAbout('weight_kg') },
  { name: 'envelope: origin equals destination', tool: 'calc_delivery', args: { origin: 'Kyiv', destination: 'київ', weight_kg: 1, service: 'standard' }, expect: problemAbout('destination') },
  { name: 'envelope: refund over the 5000 UAH cap', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000010', reason: 'selfcheck', refund_uah: 6200 }, expect: problemAbout('refund_uah') },
  { name: 'envelope: delivered shipment cannot be cancelled', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000003', reason: 'selfcheck', refund_uah: 10 }, expect: problemAbout('tracking_id') },
  { name: 'envelope: unknown SKU', tool: 'check_stock', args: { sku: 'SKU-9999' }, expect: problemAbout('sku') },
  { name: 'envelope: unknown field', tool: 'track_shipment', args: { tracking_id: 'TTN-000001', extra: 1 }, expect: problemAbout('extra') },
];

/**
 * Checks the tools, validators and error envelope offline: a fresh in-memory database, the real server
 * and a real MCP client in one process. Touches no file and no network.
 */
export async function runSelfcheck(): Promise<SelfcheckResult[]> {
  const store = SqliteDomainStore.open(':memory:');
  const { client, close } = await connectInMemory({ store, now: () => new Date('2026-11-30T12:00:00.000Z') });
  try {
    const results: SelfcheckResult[] = [await checkListing(client)];
    for (const check of CHECKS) {
      const result = await client.callTool({ name: check.tool, arguments: check.args });
      const structured = (result.structuredContent ?? {}) as Structured;
      const text = result.content as Array<{ type: string; text?: string }>;
      const problem =
        check.expect(structured) ??
        (text[0]?.text === JSON.stringify(structured) ? undefined : 'text content differs from structured content');
      results.push({ name: check.name, ok: problem === undefined, detail: problem ?? `${check.tool} ok` });
    }
    const count = await store.countCancellations('TTN-000004');
    results.push({ name: 'store: exactly one cancellation recorded for TTN-000004', ok: count === 1, detail: `${count} recorded` });
    return results;
  } finally {
    await close();
    await store.close();
  }
}

async function checkListing(client: Client): Promise<SelfcheckResult> {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  const expected = ['calc_delivery', 'cancel_shipment', 'check_stock', 'track_shipment'];
  const described = tools.every((t) => t.description && Object.values(t.inputSchema.properties ?? {}).every((p) => typeof (p as { description?: unknown }).description === 'string'));
  const ok = JSON.stringify(names) === JSON.stringify(expected) && described;
  return { name: 'listing: 4 tools with described JSON schemas', ok, detail: ok ? names.join(', ') : `got ${names.join(', ')}; every field described: ${described}` };
}
