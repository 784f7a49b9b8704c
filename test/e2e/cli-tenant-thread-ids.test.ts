import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openRunStore } from '../../src/telemetry/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const db = join(temp.dir, 'thread-ids.db');
afterAll(() => temp.cleanup());

function waybillAs(tenant: string, args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { env: serverEnv(db, { WAYBILL_TENANT: tenant }), encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the CLI names a thread as its tenant does over HTTP', () => {
  it('reaches its own tenant-qualified thread (`<tenant>~<id>`) by the public id, for ask, state, approve and trace, and leaves the other tenant’s thread of that id alone', async () => {
    // globex has `t1` first: the default tenant's `t1` (its shipments are the seeded ones) is then kept as `default~t1`, as HTTP keeps it.
    expect(waybillAs('globex', ['ask', '--thread', 't1', 'Де зараз посилка TTN-000001?']).code).toBe(0);
    const asked = waybillAs('default', ['ask', '--thread', 't1', '--json', 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн']);
    expect(asked.code, asked.stderr).toBe(3);
    expect(JSON.parse(asked.stdout)).toMatchObject({ tenant: 'default', thread_id: 't1', status: 'awaiting_approval' });

    const runs = await openRunStore(db);
    try {
      expect(await runs.threadOwner('t1')).toBe('globex');
      expect(await runs.threadOwner('default~t1')).toBe('default');
      expect(await runs.latestRunForThread('default~t1')).toMatchObject({ tenant: 'default', status: 'awaiting_approval' });
      expect(await runs.latestRunForThread('t1')).toMatchObject({ tenant: 'globex', status: 'finished' });
    } finally {
      await runs.close();
    }

    expect(JSON.parse(waybillAs('default', ['state', '--thread', 't1', '--json']).stdout)).toMatchObject({ thread_id: 't1', status: 'awaiting_approval' });
    expect(JSON.parse(waybillAs('globex', ['state', '--thread', 't1', '--json']).stdout)).toMatchObject({ thread_id: 't1', status: 'finished' });
    // globex has nothing to approve on its `t1`; the refusal names the id it sent, not the other tenant's key.
    expect(waybillAs('globex', ['approve', '--thread', 't1'])).toMatchObject({ code: 2, stderr: 'waybill: thread t1 has no pending approval\n' });
    const traced = waybillAs('default', ['trace', '--thread', 't1']).stdout;
    expect(traced).toMatch(/thread t1,/);
    // Another tenant's run, named by its run id, reads as a missing run.
    const runId = /^run (\S+)/.exec(traced)?.[1] ?? '';
    expect(runId).toMatch(/^run-/);
    expect(waybillAs('globex', ['trace', runId])).toMatchObject({ code: 2, stderr: `waybill: no run ${runId}\n` });

    const approved = waybillAs('default', ['approve', '--thread', 't1', '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({ tenant: 'default', thread_id: 't1', stop_reason: 'finish' });
    expect(JSON.parse(waybillAs('default', ['state', '--thread', 't1', '--json']).stdout)).toMatchObject({ thread_id: 't1', status: 'finished' });
  }, 180_000);
});
