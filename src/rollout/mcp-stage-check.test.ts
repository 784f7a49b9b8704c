import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../domain/index.js';
import { decideApproval, SqliteDomainStore } from '../domain/index.js';
import { connectInMemory } from '../mcp/connect-in-memory.js';
import { mcpStageCheck } from './mcp-stage-check.js';
import { SqliteRolloutStore } from './sqlite-rollout-store.js';

let dir: string;
let store: SqliteDomainStore;
let rollouts: SqliteRolloutStore;
const opened: Array<() => Promise<void>> = [];
const cancel720 = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'waybill-mcp-stage-'));
  let n = 0;
  store = SqliteDomainStore.open(join(dir, 'waybill.db'), { newId: () => `s${(n += 1)}` });
  rollouts = SqliteRolloutStore.open(join(dir, 'waybill.db'));
});

afterEach(async () => {
  for (const close of opened.splice(0)) await close();
  await rollouts.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function clientAs(caller: Caller): Promise<Client> {
  const { client, close } = await connectInMemory({ store, caller, approvals: { grants: 'required' }, stageCheck: mcpStageCheck(rollouts) });
  opened.push(close);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await client.callTool({ name, arguments: args })).structuredContent as Record<string, unknown>;
}

const operator: Caller = { tenant: 'default', role: 'operator', principal: 'key_op', channel: 'stdio' };
const admin: Caller = { tenant: 'default', role: 'admin', principal: 'key_admin', channel: 'http' };

describe('a direct MCP client and the tenant stage', () => {
  it('in read_only, files no approval and runs no cancellation on a grant approved before the move; reads still answer', async () => {
    const client = await clientAs(operator);
    const filed = await call(client, 'cancel_shipment', cancel720);
    expect(filed).toMatchObject({ status: 'approval_required' });
    await decideApproval(store, { approvalId: String(filed.approval_id), decision: 'approve', decidedBy: 'cli:local' });
    await rollouts.setStage('default', 'read_only', 'test');

    const refused = await call(client, 'cancel_shipment', { ...cancel720, approval_id: filed.approval_id });
    expect(refused).toMatchObject({ status: 'refused', reason: 'policy_deny:cancel_shipment' });
    expect(String((refused.problems as string[])[0])).toContain('rollout stage read_only');
    expect(await call(client, 'cancel_shipment', { ...cancel720, tracking_id: 'TTN-000005' })).toMatchObject({ status: 'refused' });
    expect(await store.countCancellations('TTN-000004')).toBe(0);
    expect(await call(client, 'track_shipment', { tracking_id: 'TTN-000004' })).toMatchObject({ status: 'ok' });

    // Back to general, the grant approved earlier is still the check, and it runs once.
    await rollouts.setStage('default', 'general', 'test');
    expect(await call(client, 'cancel_shipment', { ...cancel720, approval_id: filed.approval_id })).toMatchObject({ status: 'ok' });
    expect(await store.countCancellations('TTN-000004')).toBe(1);
  });

  it('in internal, refuses every tool to a caller who is not the tenant staff, and serves an admin', async () => {
    await rollouts.setStage('default', 'internal', 'test');
    const outsider = await clientAs(operator);
    expect(await call(outsider, 'track_shipment', { tracking_id: 'TTN-000004' })).toMatchObject({ status: 'refused', reason: 'stage_refused' });
    expect(await call(outsider, 'cancel_shipment', cancel720)).toMatchObject({ status: 'refused', reason: 'stage_refused' });
    const staff = await clientAs(admin);
    expect(await call(staff, 'track_shipment', { tracking_id: 'TTN-000004' })).toMatchObject({ status: 'ok' });
    expect(await call(staff, 'cancel_shipment', cancel720)).toMatchObject({ status: 'approval_required' });
  });

  it('leaves another tenant and the in-process runtimes to their own checks', async () => {
    await rollouts.setStage('globex', 'read_only', 'test');
    expect(await call(await clientAs(operator), 'cancel_shipment', cancel720)).toMatchObject({ status: 'approval_required' });
    await rollouts.setStage('default', 'internal', 'test');
    const runtime = await clientAs({ tenant: 'default', role: 'operator', principal: 'runtime', channel: 'in-process' });
    expect(await call(runtime, 'track_shipment', { tracking_id: 'TTN-000004' })).toMatchObject({ status: 'ok' });
  });
});
