import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FRAMED_JSON_TYPE, framedJsonText } from '../../src/runtimes/langgraph/compressed-serde.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv, startServe } from './helpers.js';

const run = promisify(execFile);
const temp = makeTempDir();
const db = join(temp.dir, 'pii.db');
const env = serverEnv(db);

// Personal data in plain and disguised forms; every one must be redacted wherever Waybill keeps it.
const RAW = {
  phone: '+380 50 765 43 21',
  spacedPhone: '0 6 7 9 8 7 6 5 4 3',
  email: 'ivan.petrenko@example.com',
  atEmail: 'olena.k (at) ukr (dot) net',
  card: '4111 1111 1111 1111',
  ipn: '3184710691',
  edrpou: '14360570',
};
// The forms a careless store might normalise them to.
const NEEDLES = [...Object.values(RAW), '380507654321', '0507654321', '0679876543', '4111111111111111', 'ivan.petrenko', 'olena.k'];
const REQUEST = `Скасуй TTN-000004, клієнт відмовився, поверни 720 грн. Мій телефон ${RAW.phone}, другий ${RAW.spacedPhone}, пошта ${RAW.email} або ${RAW.atEmail}, картка ${RAW.card}, ІПН ${RAW.ipn}, ЄДРПОУ ${RAW.edrpou}.`;

const found = (text: string): string[] => NEEDLES.filter((needle) => text.includes(needle));

let server: ChildProcess | undefined;
const hooks: string[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    hooks.push(body);
    res.writeHead(204).end();
  });
});

afterAll(async () => {
  server?.kill('SIGTERM');
  if (server) await new Promise((resolve) => server?.once('exit', resolve));
  receiver.close();
  temp.cleanup();
});

describe('personal data is never stored raw', () => {
  it('leaves no raw value in any table, checkpoint, audit event, API answer or approval webhook after a run with an approved cancellation', async () => {
    const { stdout } = await run(process.execPath, [CLI, 'keys', 'create', '--tenant', 'default', '--role', 'admin', '--name', 'pii-e2e'], { env });
    const key = stdout.trim();
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    let base: string;
    ({ server, base } = await startServe(env));
    const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> => {
      const res = await fetch(`${base}/v1${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return { status: res.status, text: await res.text() };
    };
    expect((await api('PUT', '/admin/webhook', { url: hookUrl })).status).toBe(200);

    const started = await api('POST', '/runs', { input: REQUEST });
    expect(started.status).toBe(200);
    const record = JSON.parse(started.text) as { run_id: string; status: string; pending?: { args: { tracking_id: string } } };
    expect(record).toMatchObject({ status: 'awaiting_approval', pending: { args: { tracking_id: 'TTN-000004' } } });
    expect(found(started.text)).toEqual([]);

    for (let waited = 0; hooks.length === 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hooks.length).toBeGreaterThan(0);
    expect(found(hooks.join('\n'))).toEqual([]);

    const approvals = await api('GET', '/approvals');
    expect(approvals.text).toContain(record.run_id);
    expect(found(approvals.text)).toEqual([]);
    const decided = await api('POST', `/approvals/${record.run_id}`, { decision: 'approve' });
    expect(decided.status).toBe(200);
    expect(JSON.parse(decided.text)).toMatchObject({ status: 'finished' });
    expect(found(decided.text)).toEqual([]);

    const runs = await api('GET', '/runs');
    const events = await api('GET', `/runs/${record.run_id}/events`);
    expect(events.text).toContain('run.start');
    expect(events.text).toContain('[REDACTED:');
    expect(found(runs.text + events.text)).toEqual([]);

    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    server = undefined;

    // Every column of every row of every table, blobs (checkpoints and their writes) read as text:
    // a compressed checkpoint inflated first, or a raw value in it would go unseen.
    const sqlite = new Database(db, { readonly: true });
    const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name);
    expect(tables.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    let cells = 0;
    let checkpointBytes = 0;
    let inflated = 0;
    for (const table of tables) {
      for (const row of sqlite.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
        const framed = (table === 'checkpoints' || table === 'writes') && row.type === FRAMED_JSON_TYPE;
        for (const [column, value] of Object.entries(row)) {
          const bytes = Buffer.isBuffer(value) ? value : undefined;
          const text = bytes && framed ? framedJsonText(bytes) : bytes ? bytes.toString('utf8') : String(value);
          inflated += bytes && framed && Buffer.byteLength(text) > bytes.length ? 1 : 0;
          if (table.startsWith('checkpoint') || table === 'writes') checkpointBytes += text.length;
          cells++;
          for (const needle of found(text)) leaks.push(`${table}.${column}: ${needle}`);
        }
      }
    }
    sqlite.close();
    expect(cells).toBeGreaterThan(100);
    expect(checkpointBytes).toBeGreaterThan(0);
    expect(inflated).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  }, 90_000);
});
