import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../../src/domain/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

describe('an operator’s tool switch on the OpenAI Agents runtime', () => {
  const db = join(temp.dir, 'switch.db');
  const waybill = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { env: { ...serverEnv(db), WAYBILL_ROLE: 'platform_admin' }, encoding: 'utf8', timeout: 60_000 });

  it('refuses a cancellation with policy_deny:cancel_shipment once cancel_shipment is disabled, and cancels nothing', async () => {
    expect(waybill(['tool', 'disable', 'cancel_shipment', '--reason', 'refund system down']).status).toBe(0);
    const run = waybill(['ask', '--runtime', 'openai-agents', '--thread', 'sw-1', '--json', 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн']);
    expect(run.status).toBe(1);
    const record = JSON.parse(run.stdout) as { runtime: string; status: string; stop_reason: string; pending?: unknown; tool_calls: Array<{ tool: string; status: string }> };
    expect(record).toMatchObject({ runtime: 'openai-agents', status: 'stopped', stop_reason: 'policy_deny:cancel_shipment' });
    expect(record.pending).toBeUndefined();
    expect(record.tool_calls.filter((c) => c.tool === 'cancel_shipment').map((c) => c.status)).toEqual(['denied']);
    // Nothing waits for a human, and nothing was written.
    expect(waybill(['state', '--thread', 'sw-1', '--json']).status).toBe(0);
    const domain = SqliteDomainStore.open(db);
    try {
      expect(await domain.countCancellations('TTN-000004')).toBe(0);
    } finally {
      await domain.close();
    }
  });
});
