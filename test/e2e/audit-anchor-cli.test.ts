import { execFile, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideApproval, SqliteDomainStore } from '../../src/domain/index.js';
import { connectInMemory } from '../../src/mcp/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
const dbPath = join(temp.dir, 'anchored.db');
const anchors = join(temp.dir, 'anchors.jsonl');
afterAll(() => temp.cleanup());

async function waybill(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], { env: serverEnv(dbPath, extra) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Edits the file as an intruder would: with Debian's sqlite3 when installed, else through better-sqlite3. */
function tamper(sql: string): void {
  try {
    execFileSync('sqlite3', [dbPath, sql]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const db = new Database(dbPath);
    db.exec(sql);
    db.close();
  }
}

beforeAll(async () => {
  // The quick start's setup: no key configured, so the first entry creates audit.key beside the file.
  const store = SqliteDomainStore.open(dbPath);
  const { client, close } = await connectInMemory({ store, caller: { tenant: 'default', role: 'operator', principal: 'local', channel: 'stdio' }, approvals: { grants: 'required' } });
  const args = { tracking_id: 'TTN-000004', reason: 'Клієнт відмовився', refund_uah: 720 };
  const asked = await client.callTool({ name: 'cancel_shipment', arguments: args });
  const { approval_id: id } = asked.structuredContent as { approval_id: string };
  await decideApproval(store, { approvalId: id, decision: 'approve', decidedBy: 'e2e' });
  await client.callTool({ name: 'cancel_shipment', arguments: { ...args, approval_id: id } });
  for (const tracking of ['TTN-000001', 'TTN-000002', 'TTN-000003']) await client.callTool({ name: 'track_shipment', arguments: { tracking_id: tracking } });
  await close();
  await store.close();
});

describe('waybill audit anchor, verify --anchor, rotate-key', { timeout: 60_000 }, () => {
  it('keeps the key outside the database: a 0600 file beside it, created with no setup', () => {
    const key = join(temp.dir, 'audit.key');
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(readFileSync(key, 'utf8').split('\n').filter((line) => /^k\S+ \S+$/.test(line))).toHaveLength(1);
  });

  it('anchors the head to a file and to stdout, and verifies against the anchor', async () => {
    const toFile = await waybill(['audit', 'anchor', '--file', anchors]);
    expect(toFile.code).toBe(0);
    const toStdout = await waybill(['audit', 'anchor']);
    const anchor = JSON.parse(toStdout.stdout) as Record<string, unknown>;
    expect(anchor).toMatchObject({ v: 1, kind: 'waybill.audit.anchor', seq: 9, key_id: expect.stringMatching(/^k/) });
    expect(JSON.parse(readFileSync(anchors, 'utf8').trim())).toEqual({ ...anchor, at: expect.any(String), mac: expect.any(String) });
    const verified = await waybill(['audit', 'verify', '--anchor', anchors]);
    expect(verified).toMatchObject({ code: 0 });
    expect(verified.stdout).toMatch(/^audit chain intact: 9 entries, .*\n {2}1 anchor checked/);
  });

  it('finds a tail cut with sqlite3 and the head row rewritten to match, given the anchor', async () => {
    const copy = readFileSync(dbPath);
    try {
      tamper("DELETE FROM audit_chain WHERE seq > 7; UPDATE audit_chain_head SET count = 7, hash = (SELECT hash FROM audit_chain WHERE seq = 7)");
      const verified = await waybill(['audit', 'verify', '--anchor', anchors, '--json']);
      expect(verified.code).toBe(1);
      expect(JSON.parse(verified.stdout)).toMatchObject({ ok: false, seq: 8, problem: 'removed', entries: 7, findings: [{ problem: 'removed' }, { seq: 8, problem: 'truncated' }] });
      const human = await waybill(['audit', 'verify', '--anchor', anchors]);
      expect(human.stdout).toMatch(
        /^audit trail NOT intact: 2 findings \(7 entries verify before the first\)\n {2}#8 removed: the head row \(#7\) is not signed with the key: it was rewritten, so entries after #7 may have been cut\n {2}#8 truncated: the chain ends at #7, but the anchor of \S+ was taken at #9: entries #8 to #9 were removed/,
      );
      expect(human.stdout).not.toMatch(/chain intact/);
    } finally {
      writeFileSync(dbPath, copy);
    }
  });

  it('refuses an anchor file that is not one and a key file that does not exist (exit 2, one line)', async () => {
    const bad = join(temp.dir, 'bad.jsonl');
    writeFileSync(bad, '{"v":1}\n');
    const badAnchor = await waybill(['audit', 'verify', '--anchor', bad]);
    expect(badAnchor.code).toBe(2);
    expect(badAnchor.stderr).toMatch(/--anchor: .*bad\.jsonl, line 1: not an audit anchor/);
    const noKey = await waybill(['audit', 'verify'], { WAYBILL_AUDIT_KEY_FILE: join(temp.dir, 'missing.key') });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/WAYBILL_AUDIT_KEY_FILE names .*missing\.key, which does not exist/);
  });

  it('rotates the key: new entries under the new key, the old ones still verify, and so does the old anchor', async () => {
    const rotated = await waybill(['audit', 'rotate-key']);
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(/^new signing key (k\S+) in .*audit\.key \(chain entry #10\)/);
    const ids = readFileSync(join(temp.dir, 'audit.key'), 'utf8').split('\n').filter((line) => /^k\S+ \S+$/.test(line)).map((line) => line.split(' ')[0]);
    expect(ids).toHaveLength(2);
    const verified = await waybill(['audit', 'verify', '--anchor', anchors, '--json']);
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true, entries: 10, keys: ids, anchors: 1 });
  });

  it('posts anchors to a webhook every interval until stopped, and fails naming a webhook that refuses one', async () => {
    const received: Array<Record<string, unknown>> = [];
    let status = 204;
    let enough: () => void = () => undefined;
    const twice = new Promise<void>((resolve) => (enough = resolve));
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(JSON.parse(body) as Record<string, unknown>);
        response.writeHead(status).end();
        if (received.length === 2) enough();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/anchors`;
    try {
      const child = spawn(process.execPath, [CLI, 'audit', 'anchor', '--webhook', url, '--every', '1s'], { env: serverEnv(dbPath), stdio: ['ignore', 'ignore', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await twice;
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(received[0]).toMatchObject({ v: 1, kind: 'waybill.audit.anchor', seq: 10 });
      expect(received[1]).toMatchObject({ seq: 10, hash: received[0]?.hash });
      status = 500;
      const refused = await waybill(['audit', 'anchor', '--webhook', url]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/the webhook http:\/\/127\.0\.0\.1:\d+ answered 500; the anchor of #10 was not delivered there/);
    } finally {
      server.close();
    }
  });
});
