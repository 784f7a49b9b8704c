import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../../src/domain/index.js';
import { BAD_INPUTS } from '../../src/testing/bad-inputs.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const dbPath = join(temp.dir, 'waybill.db');
afterAll(() => temp.cleanup());

async function startServer(): Promise<Client> {
  const client = new Client({ name: 'waybill-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: serverEnv(dbPath), stderr: 'pipe' }));
  return client;
}

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

  it('lists the four tools with their schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['calc_delivery', 'cancel_shipment', 'check_stock', 'track_shipment']);
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

  it('calls each tool: price, delay reason, stock, cancellation', async () => {
    expect(await call(client, 'calc_delivery', { origin: 'Odesa', destination: 'Kharkiv', weight_kg: 8, service: 'express' })).toMatchObject({ price_uah: 611 });
    const delayed = await call(client, 'track_shipment', { tracking_id: 'TTN-000005' });
    expect(delayed).toMatchObject({ shipment_status: 'delayed' });
    expect(delayed.delay_reason).toMatch(/Снігопад/);
    expect(await call(client, 'check_stock', { sku: 'SKU-1001' })).toMatchObject({ total_qty: 78 });
    expect(await call(client, 'cancel_shipment', CANCEL)).toMatchObject({ status: 'ok', refund_uah: 720, replayed: false });
  });

  it('keeps the cancellation across a server restart and replays the same key without a second refund', async () => {
    await client.close();
    const restarted = await startServer();
    const tracked = await call(restarted, 'track_shipment', { tracking_id: 'TTN-000004' });
    expect(tracked).toMatchObject({ shipment_status: 'cancelled', cancellation: { refund_uah: 720 } });
    expect(await call(restarted, 'cancel_shipment', CANCEL)).toMatchObject({ status: 'ok', replayed: true, refund_uah: 720 });
    await restarted.close();

    const store = SqliteDomainStore.open(dbPath);
    expect(await store.countCancellations('TTN-000004')).toBe(1);
    await store.close();
  });
});
