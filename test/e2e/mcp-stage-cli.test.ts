import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const dbPath = join(temp.dir, 'waybill.db');
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
  temp.cleanup();
});

async function startServer(role: string): Promise<Client> {
  const client = new Client({ name: 'waybill-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--role', role], env: serverEnv(dbPath), stderr: 'pipe' }));
  clients.push(client);
  return client;
}

const waybill = (...args: string[]) => promisify(execFile)(process.execPath, [CLI, ...args], { env: serverEnv(dbPath) });
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })).structuredContent as Record<string, unknown>;
const CANCEL = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };

describe('waybill mcp holds a direct client to the tenant rollout stage', () => {
  it('refuses a cancellation in read_only and every tool to a non-admin in internal, read fresh for each call', async () => {
    const operator = await startServer('operator');
    expect(await call(operator, 'cancel_shipment', CANCEL)).toMatchObject({ status: 'approval_required' });
    await waybill('rollout', 'stage', 'read_only');
    expect(await call(operator, 'cancel_shipment', CANCEL)).toMatchObject({ status: 'refused', reason: 'policy_deny:cancel_shipment' });
    expect(await call(operator, 'track_shipment', { tracking_id: 'TTN-000004' })).toMatchObject({ status: 'ok' });
    await waybill('rollout', 'stage', 'internal');
    expect(await call(operator, 'track_shipment', { tracking_id: 'TTN-000004' })).toMatchObject({ status: 'refused', reason: 'stage_refused' });
    const admin = await startServer('admin');
    expect(await call(admin, 'track_shipment', { tracking_id: 'TTN-000004' })).toMatchObject({ status: 'ok' });
  }, 60_000);
});
