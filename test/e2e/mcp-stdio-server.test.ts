import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../../src/domain/index.js';
import { SqliteControlStore } from '../../src/policy/index.js';
import { BAD_INPUTS } from '../../src/testing/bad-inputs.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const dbPath = join(temp.dir, 'waybill.db');
afterAll(() => temp.cleanup());

async function startServer(flags: string[] = ['--role', 'operator']): Promise<Client> {
  const client = new Client({ name: 'waybill-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...flags], env: serverEnv(dbPath), stderr: 'pipe' }));
  return client;
}

const waybill = (...args: string[]) => promisify(execFile)(process.execPath, [CLI, ...args], { env: serverEnv(dbPath) });

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  const structured = result.structuredContent as Record<string, unknown>;
  // Text and structured content carry the same object.
  expect(JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual(structured);
  return structured;
}

const CANCEL = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720, idempotency_key: 'e2e-cancel-1' };

describe('waybill mcp over stdio, driven by the SDK client in a spawned process', () => {
  let client: Client;
  beforeAll(async () => {
    client = await startServer();
  });

  it('lists the four domain tools and search_policies with their schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['calc_delivery', 'cancel_shipment', 'check_stock', 'search_policies', 'track_shipment']);
    const calc = tools.find((t) => t.name === 'calc_delivery');
    expect(Object.keys(calc?.inputSchema.properties ?? {})).toEqual(['origin', 'destination', 'weight_kg', 'service', 'declared_value_uah']);
    expect(calc?.inputSchema.required).toEqual(['origin', 'destination', 'weight_kg', 'service']);
  });

  // Before any write: the corpus expects the fixtures as seeded (TTN-000004 still cancellable).
  it('answers every bad input with the envelope and keeps serving', async () => {
    for (const bad of BAD_INPUTS) {
      const result = await call(client, bad.tool, bad.args);
      expect(result.status, bad.label).toBe('error');
      expect((result.problems as string[]).some((p) => p.startsWith(`${bad.field}: `)), bad.label).toBe(true);
    }
    expect(await call(client, 'track_shipment', { tracking_id: 'TTN-000001' })).toMatchObject({ shipment_status: 'in_transit' });
  });

  it('scopes search_policies by the caller, not by the agent a request names in _meta', async () => {
    const viewer = await startServer([]);
    const result = await viewer.callTool({ name: 'search_policies', arguments: { query: 'повернення коштів внутрішня процедура шахрайство', limit: 20 }, _meta: { 'waybill/agent': 'admin' } });
    const { hits } = result.structuredContent as { hits: Array<{ scope: string }> };
    expect(hits.length).toBeGreaterThan(0);
    // A viewer searches as the customer-facing entry: customer documents only, whatever _meta claims.
    expect(new Set(hits.map((h) => h.scope))).toEqual(new Set(['customer']));
    await viewer.close();
  });

  let approvalId = '';

  it('calls each tool; a cancellation without a grant changes nothing and names its approval', async () => {
    expect(await call(client, 'calc_delivery', { origin: 'Odesa', destination: 'Kharkiv', weight_kg: 8, service: 'express' })).toMatchObject({ price_uah: 611 });
    const delayed = await call(client, 'track_shipment', { tracking_id: 'TTN-000005' });
    expect(delayed).toMatchObject({ shipment_status: 'delayed' });
    expect(delayed.delay_reason).toMatch(/Снігопад/);
    expect(await call(client, 'check_stock', { sku: 'SKU-1001' })).toMatchObject({ total_qty: 78 });
    const asked = await call(client, 'cancel_shipment', CANCEL);
    expect(asked).toMatchObject({ status: 'approval_required', tool: 'cancel_shipment' });
    approvalId = String(asked.approval_id);
    expect(asked.decide).toMatchObject({ cli: `waybill approve --approval ${approvalId}` });
    expect(await call(client, 'track_shipment', { tracking_id: 'TTN-000004' })).toMatchObject({ shipment_status: 'created' });
    expect(await call(client, 'track_shipment', { tracking_id: 'TTN-000015' })).toEqual({ status: 'error', problems: ['tracking_id: no shipment TTN-000015'] });
  });

  it('after `waybill approve --approval ID` the repeated call cancels once; the identical retry replays and the grant is not reusable, also after a restart', async () => {
    const decided = await waybill('approve', '--approval', approvalId, '--by', 'e2e');
    expect(decided.stdout).toContain(`${approvalId} [default] approved`);
    expect(await call(client, 'cancel_shipment', { ...CANCEL, approval_id: approvalId })).toMatchObject({ status: 'ok', refund_uah: 720, replayed: false });
    await client.close();
    const restarted = await startServer();
    const tracked = await call(restarted, 'track_shipment', { tracking_id: 'TTN-000004' });
    expect(tracked).toMatchObject({ shipment_status: 'cancelled', cancellation: { refund_uah: 720 } });
    expect(await call(restarted, 'cancel_shipment', { ...CANCEL, approval_id: approvalId })).toMatchObject({ status: 'ok', refund_uah: 720, replayed: true });
    const again = await call(restarted, 'cancel_shipment', { ...CANCEL, idempotency_key: 'e2e-cancel-2', approval_id: approvalId });
    expect((again.problems as string[])[0]).toMatch(/was already used/);
    await restarted.close();

    const store = SqliteDomainStore.open(dbPath);
    expect(await store.countCancellations('TTN-000004')).toBe(1);
    await store.close();
    await expect(waybill('approve', '--approval', approvalId)).rejects.toMatchObject({ code: 2 });
  });

  it('refuses an approved call once the kill switch or the tool switch is on, and a viewer may not cancel at all', async () => {
    const client2 = await startServer();
    const args = { tracking_id: 'TTN-000012', reason: 'Клієнт відмовився', refund_uah: 100 };
    const id = String((await call(client2, 'cancel_shipment', args)).approval_id);
    await waybill('approve', '--approval', id);
    const controls = SqliteControlStore.open(dbPath);
    await controls.setSwitch({ kind: 'kill', scope: 'global' }, true, { by: 'e2e' });
    expect(await call(client2, 'cancel_shipment', { ...args, approval_id: id })).toMatchObject({ status: 'refused', reason: 'operator_kill' });
    await controls.setSwitch({ kind: 'kill', scope: 'global' }, false, { by: 'e2e' });
    await controls.setSwitch({ kind: 'tool_disabled', scope: 'default', tool: 'cancel_shipment' }, true, { by: 'e2e' });
    expect(await call(client2, 'cancel_shipment', { ...args, approval_id: id })).toMatchObject({ status: 'refused', reason: 'policy_deny:cancel_shipment' });
    await controls.setSwitch({ kind: 'tool_disabled', scope: 'default', tool: 'cancel_shipment' }, false, { by: 'e2e' });
    await controls.setSwitch({ kind: 'read_only', scope: 'global' }, true, { by: 'e2e' });
    expect(await call(client2, 'cancel_shipment', { ...args, approval_id: id })).toMatchObject({ status: 'refused', reason: 'policy_deny:cancel_shipment' });
    await controls.close();
    await client2.close();
    const viewer = await startServer([]);
    expect(await call(viewer, 'cancel_shipment', { ...args, approval_id: id })).toMatchObject({ status: 'refused', reason: 'forbidden' });
    await viewer.close();

    const store = SqliteDomainStore.open(dbPath);
    expect(await store.countCancellations('TTN-000012')).toBe(0);
    expect((await store.approvals.get(id))?.grant?.consumedAt).toBeUndefined();
    const refusals = (await store.audit.list({ subject: 'cancel_shipment' })).filter((e) => e.body.status === 'refused').map((e) => e.body.reason);
    expect(refusals).toEqual(['operator_kill', 'policy_deny:cancel_shipment', 'policy_deny:cancel_shipment', 'forbidden']);
    await store.close();
  });
});

describe('the stdio caller named by an API key', () => {
  it('acts as the key’s tenant and role, audited under its key id; an unknown key or a key with --role is refused before serving', async () => {
    // The test above leaves read-only mode on.
    const controls = SqliteControlStore.open(dbPath);
    await controls.setSwitch({ kind: 'read_only', scope: 'global' }, false, { by: 'e2e' });
    await controls.close();
    const created = await waybill('keys', 'create', '--tenant', 'default', '--role', 'operator', '--name', 'desktop', '--json');
    const { key, key_id: keyId } = JSON.parse(created.stdout) as { key: string; key_id: string };
    const client = await startServer(['--key', key]);
    const asked = await call(client, 'cancel_shipment', { tracking_id: 'TTN-000013', reason: 'Клієнт відмовився', refund_uah: 50 });
    expect(asked, JSON.stringify(asked)).toMatchObject({ status: 'approval_required' });
    await client.close();
    const store = SqliteDomainStore.open(dbPath);
    expect((await store.approvals.get(String(asked.approval_id)))?.requestedBy).toContain(keyId);
    await store.close();

    for (const flags of [['--key', 'wb_not_a_key'], ['--key', key, '--role', 'admin']]) {
      const refused = await promisify(execFile)(process.execPath, [CLI, 'mcp', ...flags], { env: serverEnv(dbPath) }).then(() => undefined, (error: unknown) => error as { code: number; stderr: string });
      expect(refused?.code, flags.join(' ')).toBe(2);
      expect(refused?.stderr).toMatch(/^waybill: --key/);
    }
  });
});
