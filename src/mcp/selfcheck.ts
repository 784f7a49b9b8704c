import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Caller } from '../domain/index.js';
import { decideApproval, SqliteDomainStore } from '../domain/index.js';
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
  /** Runs before the call (the human's decision between two calls). */
  before?: (store: SqliteDomainStore) => Promise<void>;
}

const SELFCHECK_CALLER: Caller = { tenant: 'default', role: 'operator', principal: 'selfcheck', channel: 'stdio' };
const APPROVAL_ID = 'apr_selfcheck';

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
  { name: 'cancel: without a grant nothing runs (approval_required)', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'selfcheck', refund_uah: 720, idempotency_key: 'selfcheck-1' }, expect: (r) => (r.status === 'approval_required' && r.approval_id === APPROVAL_ID ? undefined : `expected approval_required, got ${JSON.stringify(r)}`) },
  {
    name: 'cancel: approved, the call with approval_id runs once',
    tool: 'cancel_shipment',
    args: { tracking_id: 'TTN-000004', reason: 'selfcheck', refund_uah: 720, idempotency_key: 'selfcheck-1', approval_id: APPROVAL_ID },
    before: async (store) => {
      await decideApproval(store, { approvalId: APPROVAL_ID, decision: 'approve', decidedBy: 'selfcheck' });
    },
    expect: okWith('replayed', false),
  },
  { name: 'cancel: the identical retry replays, it does not cancel again', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'selfcheck', refund_uah: 720, idempotency_key: 'selfcheck-1', approval_id: APPROVAL_ID }, expect: okWith('replayed', true) },
  { name: 'cancel: another use of the same grant is refused', tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', reason: 'selfcheck', refund_uah: 720, idempotency_key: 'selfcheck-2', approval_id: APPROVAL_ID }, expect: problemAbout('approval_id') },
  { name: 'tenancy: another tenant\'s shipment answers like an unknown one', tool: 'track_shipment', args: { tracking_id: 'TTN-000015' }, expect: problemAbout('tracking_id') },
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
  const now = () => new Date('2026-11-30T12:00:00.000Z');
  const store = SqliteDomainStore.open(':memory:', { now, newId: () => 'selfcheck' });
  const { client, close } = await connectInMemory({ store, now, caller: SELFCHECK_CALLER, approvals: { grants: 'required' } });
  try {
    const results: SelfcheckResult[] = [await checkListing(client), await checkUnknownTool(client)];
    for (const check of CHECKS) {
      await check.before?.(store);
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
    const verdict = await store.audit.verify();
    results.push({ name: 'audit: every call and the approval chained, and the chain verifies', ok: verdict.ok && verdict.entries > CHECKS.length, detail: JSON.stringify(verdict) });
    return results;
  } finally {
    await close();
    await store.close();
  }
}

async function checkUnknownTool(client: Client): Promise<SelfcheckResult> {
  const name = 'protocol: an unknown tool is JSON-RPC error -32602, not a tool result';
  try {
    await client.callTool({ name: 'delete_everything', arguments: {} });
    return { name, ok: false, detail: 'answered a result' };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { name, ok: code === -32602, detail: `code ${String(code)}` };
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
