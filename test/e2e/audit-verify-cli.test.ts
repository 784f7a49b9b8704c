import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argsHash, decideApproval, SqliteDomainStore } from '../../src/domain/index.js';
import { connectInMemory } from '../../src/mcp/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const dbPath = join(temp.dir, 'audit.db');
afterAll(() => temp.cleanup());

const SMALL = { tracking_id: 'TTN-000012', reason: 'Клієнт відмовився', refund_uah: 100 };

const hasSqlite3 = (() => {
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Edits the file as an intruder would: with Debian's sqlite3 (installed by .ci/run), else through better-sqlite3. */
function tamper(path: string, sql: string): void {
  if (hasSqlite3) {
    execFileSync('sqlite3', [path, sql]);
    return;
  }
  const db = new Database(path);
  db.exec(sql);
  db.close();
}

async function verify(path: string): Promise<{ code: number; verdict: Record<string, unknown> }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'audit', 'verify', '--json'], { env: serverEnv(path) });
    return { code: 0, verdict: JSON.parse(stdout) as Record<string, unknown> };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, verdict: JSON.parse(failed.stdout) as Record<string, unknown> };
  }
}

beforeAll(async () => {
  // A real history: a refused call, an approval, its grant used by the cancellation, a read.
  const store = SqliteDomainStore.open(dbPath);
  const { client, close } = await connectInMemory({ store, caller: { tenant: 'default', role: 'operator', principal: 'local', channel: 'stdio' }, approvals: { grants: 'required' } });
  const args = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };
  const asked = await client.callTool({ name: 'cancel_shipment', arguments: args });
  const { approval_id: id } = asked.structuredContent as { approval_id: string };
  await decideApproval(store, { approvalId: id, decision: 'approve', decidedBy: 'e2e' });
  await client.callTool({ name: 'cancel_shipment', arguments: { ...args, approval_id: id } });
  await client.callTool({ name: 'track_shipment', arguments: { tracking_id: 'TTN-000001' } });
  // A second approval, granted and not used yet (entries #8 to #11).
  const small = await client.callTool({ name: 'cancel_shipment', arguments: SMALL });
  await decideApproval(store, { approvalId: (small.structuredContent as { approval_id: string }).approval_id, decision: 'approve', decidedBy: 'e2e' });
  await close();
  await store.close();
});

describe('waybill audit verify', () => {
  it('passes on an untouched database', async () => {
    expect(await verify(dbPath)).toMatchObject({ code: 0, verdict: { ok: true, entries: 11 } });
  });

  it('names the entry whose row was edited with sqlite3', async () => {
    const edited = join(temp.dir, 'edited.db');
    copyFileSync(dbPath, edited);
    // The approval request (#1) asked for 720 UAH; make it say 72.
    tamper(edited, `UPDATE audit_chain SET body = replace(body, '"refund_uah":720', '"refund_uah":72') WHERE seq = 1`);
    expect(await verify(edited)).toMatchObject({ code: 1, verdict: { ok: false, seq: 1, problem: 'altered', entries: 0 } });
  });

  it('names a removed entry, also the newest', async () => {
    const removed = join(temp.dir, 'removed.db');
    copyFileSync(dbPath, removed);
    tamper(removed, 'DELETE FROM audit_chain WHERE seq = 4');
    expect(await verify(removed)).toMatchObject({ code: 1, verdict: { ok: false, seq: 4, problem: 'removed', entries: 3 } });
    const truncated = join(temp.dir, 'truncated.db');
    copyFileSync(dbPath, truncated);
    tamper(truncated, 'DELETE FROM audit_chain WHERE seq = 11');
    expect(await verify(truncated)).toMatchObject({ code: 1, verdict: { ok: false, seq: 11, problem: 'removed' } });
  });

  it('a grant widened in the file authorises nothing, and verify names the entry it contradicts', async () => {
    const widened = join(temp.dir, 'widened.db');
    copyFileSync(dbPath, widened);
    const hash720 = argsHash({ ...SMALL, refund_uah: 300 });
    tamper(widened, `UPDATE grants SET args_hash = '${hash720}' WHERE consumed_at IS NULL`);
    expect(await verify(widened)).toMatchObject({ code: 1, verdict: { ok: false, seq: 11, problem: 'altered' } });
    const store = SqliteDomainStore.open(widened);
    const { client, close } = await connectInMemory({ store, caller: { tenant: 'default', role: 'operator', principal: 'local', channel: 'stdio' }, approvals: { grants: 'required' } });
    const [approval] = await store.approvals.list({ status: 'approved', limit: 1 });
    const result = await client.callTool({ name: 'cancel_shipment', arguments: { ...SMALL, refund_uah: 300, approval_id: approval?.approvalId } });
    expect((result.structuredContent as { problems: string[] }).problems[0]).toMatch(/does not match the audit trail/);
    expect(await store.countCancellations('TTN-000012')).toBe(0);
    await close();
    await store.close();
  });
});
