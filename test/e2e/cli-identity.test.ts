import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDomainStore } from '../../src/domain/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const db = join(temp.dir, 'identity.db');
afterAll(() => temp.cleanup());

/** The CLI acting as `identity` (WAYBILL_TENANT, WAYBILL_ROLE; empty: the local tenant's admin). */
function waybillAs(identity: Record<string, string>, args: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...args], { env: serverEnv(db, identity), encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function cancellations(trackingId: string): Promise<number> {
  const store = SqliteDomainStore.open(db);
  const count = await store.countCancellations(trackingId);
  await store.close();
  return count;
}

describe('the CLI acts as a named tenant and role', () => {
  const globex = { WAYBILL_TENANT: 'globex' };
  const platform = { WAYBILL_TENANT: 'ops', WAYBILL_ROLE: 'platform_admin' };

  it('another tenant sees a paused thread as a free id and cannot decide it, by thread or by approval id; the cross-tenant role can', async () => {
    expect(waybillAs({}, ['ask', '--thread', 'id-1', 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн']).code).toBe(3);
    const paused = JSON.parse(waybillAs({}, ['state', '--thread', 'id-1', '--json']).stdout) as { status: string; pending: { approval_id: string } };
    expect(paused.status).toBe('awaiting_approval');
    const approvalId = paused.pending.approval_id;

    // What globex sees of the thread is exactly what it sees of a thread nobody used.
    const foreign = waybillAs(globex, ['state', '--thread', 'id-1', '--json']);
    const free = waybillAs(globex, ['state', '--thread', 'never-used', '--json']);
    expect(JSON.parse(foreign.stdout)).toEqual({ thread_id: 'id-1', status: 'unknown' });
    expect(JSON.parse(free.stdout)).toEqual({ thread_id: 'never-used', status: 'unknown' });
    expect(foreign.code).toBe(free.code);

    const byThread = waybillAs(globex, ['approve', '--thread', 'id-1']);
    expect(byThread).toMatchObject({ code: 2, stderr: 'waybill: thread id-1 has no pending approval\n' });
    const byApproval = waybillAs(globex, ['approve', '--approval', approvalId]);
    expect(byApproval).toMatchObject({ code: 2, stderr: `waybill: no approval ${approvalId}\n` });
    expect(waybillAs(globex, ['approve', '--approval', 'apr_never_filed']).stderr).toBe('waybill: no approval apr_never_filed\n');
    expect(waybillAs(globex, ['reject', '--thread', 'id-1', '--reason', 'not mine'])).toMatchObject({ code: 2 });
    expect(waybillAs({ WAYBILL_ROLE: 'viewer' }, ['approve', '--thread', 'id-1'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not allowed: decide an approval for tenant default as viewer') });
    expect(await cancellations('TTN-000004')).toBe(0);
    expect(JSON.parse(waybillAs({}, ['state', '--thread', 'id-1', '--json']).stdout)).toMatchObject({ status: 'awaiting_approval' });

    const approved = waybillAs(platform, ['approve', '--approval', approvalId, '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({ tenant: 'default', stop_reason: 'finish' });
    expect(await cancellations('TTN-000004')).toBe(1);
  }, 120_000);

  it('starts runs only for its own tenant unless the role crosses tenants, and a viewer starts none', () => {
    expect(waybillAs(globex, ['ask', '--tenant', 'default', 'Де зараз посилка TTN-000001?'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not allowed: start a run for tenant default as admin of tenant globex') });
    expect(waybillAs({ WAYBILL_ROLE: 'viewer' }, ['ask', 'Де зараз посилка TTN-000001?'])).toMatchObject({ code: 2, stderr: expect.stringContaining('it needs WAYBILL_ROLE=operator or higher') });
    const own = waybillAs(globex, ['ask', 'Де зараз посилка TTN-000001?', '--json']);
    expect(JSON.parse(own.stdout)).toMatchObject({ tenant: 'globex' });
    expect(JSON.parse(waybillAs(platform, ['ask', '--tenant', 'default', 'Де зараз посилка TTN-000001?', '--json']).stdout)).toMatchObject({ tenant: 'default', stop_reason: 'finish' });
    expect(waybillAs({ WAYBILL_TENANT: 'global' }, ['runs'])).toMatchObject({ code: 2, stderr: expect.stringContaining('WAYBILL_TENANT') });
  }, 120_000);

  it('reports usage per tenant and day: the acting tenant, or every tenant for the cross-tenant role', () => {
    const today = new Date().toISOString().slice(0, 10);
    const own = JSON.parse(waybillAs({}, ['usage', '--days', '1', '--json']).stdout) as { tenant: string; days: Array<{ tenant: string; day: string; runs: number; approvals: { requested: number; approved: number } }> };
    expect(own.tenant).toBe('default');
    expect(own.days.map((d) => [d.tenant, d.day])).toEqual([['default', today]]);
    // The paused cancellation, its approved resumption and the platform admin's tracking run.
    expect(own.days[0]).toMatchObject({ runs: 3, approvals: { requested: 1, approved: 1 } });
    const every = JSON.parse(waybillAs(platform, ['usage', '--json']).stdout) as { totals: Array<{ tenant: string; runs: number }> };
    expect(every.totals.map((t) => [t.tenant, t.runs])).toEqual([['default', 3], ['globex', 1]]);
    expect(waybillAs(globex, ['usage', '--tenant', 'default'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not allowed: read usage for tenant default as admin of tenant globex') });
    expect(waybillAs({}, ['usage', '--since', '2026-02-30'])).toMatchObject({ code: 2, stderr: 'waybill: --since must be a UTC day as YYYY-MM-DD, got "2026-02-30"\n' });
    expect(waybillAs(globex, ['usage'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/globex +1 /) });
  }, 60_000);
});
