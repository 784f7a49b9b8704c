import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../../src/domain/index.js';
import type { ControlSwitch } from '../../src/policy/index.js';
import { SqliteControlStore } from '../../src/policy/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

function waybill(db: string, args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { env: serverEnv(db), encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const SWITCHES: Array<{ name: string; target: ControlSwitch }> = [
  { name: 'the kill switch', target: { kind: 'kill', scope: 'global' } },
  { name: 'the cancel_shipment tool switch', target: { kind: 'tool_disabled', scope: 'default', tool: 'cancel_shipment' } },
  { name: 'read-only mode', target: { kind: 'read_only', scope: 'global' } },
];

describe('a switch flipped after a cancellation paused for approval', () => {
  it.each(SWITCHES)('$name: the approved run cancels nothing and its record shows no successful cancellation', async ({ target }) => {
    const db = join(temp.dir, `${target.kind}.db`);
    expect(waybill(db, ['ask', '--thread', 't1', 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн']).code).toBe(3);
    const controls = SqliteControlStore.open(db);
    await controls.setSwitch(target, true, { by: 'e2e' });
    await controls.close();
    const approved = waybill(db, ['approve', '--thread', 't1', '--json']);
    const record = JSON.parse(approved.stdout) as { status: string; stop_reason: string; tool_calls: Array<{ tool: string; status: string }> };
    // The run ends with the switch's stop reason (the kernel's tool gate reads the switches again on
    // resume), and the MCP server refuses the call at the moment of execution in any case.
    expect(record).toMatchObject({ status: 'stopped', stop_reason: target.kind === 'kill' ? 'operator_kill' : 'policy_deny:cancel_shipment' });
    expect(record.tool_calls.filter((c) => c.tool === 'cancel_shipment' && c.status === 'ok')).toEqual([]);
    const store = SqliteDomainStore.open(db);
    expect(await store.countCancellations('TTN-000004')).toBe(0);
    expect((await store.getShipment('TTN-000004'))?.status).toBe('created');
    await store.close();
  });
});
