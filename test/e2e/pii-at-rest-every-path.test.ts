import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { redactPii } from '../../src/policy/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { createTestSchema, testPostgresUrl, type TestSchema } from '../../src/testing/postgres-test-schema.js';
import { CLI, serverEnv } from './helpers.js';

// Issue 34 part 6: personal data written through every input path (CLI ask and reject reason, HTTP
// ask with a phone-shaped X-Request-Id and thread id, HTTP decisions with a reason and an edit, Agent
// Protocol thread and run metadata and input, MCP tools/call arguments, an approval decided from the CLI
// with an edit, the approval webhook) is found nowhere at rest: not in any byte of the SQLite files,
// not in any row of any table of the PostgreSQL schema, not in the webhook bodies or the server's log.
const PII = {
  phone: '+380 95 431 27 86',
  email: 'olena.shevchenko@ukr.net',
  card: '4532 0151 1283 0366',
  iban: 'UA21 3223 1300 0002 6007 2335 6600 1',
  ipn: '3184710691',
  passport: 'КН 987654',
};
const SAID = `телефон ${PII.phone}, пошта ${PII.email}, картка ${PII.card}, IBAN ${PII.iban}, ІПН ${PII.ipn}, паспорт ${PII.passport}`;
// The raw values and the forms a careless store might normalise them to (none is in the fixture shipments).
const NEEDLES = [...Object.values(PII), '380954312786', '0954312786', '4532015112830366', 'UA213223130000026007233566001', 'olena.shevchenko', 'КН987654'];
const PHONE_ID = '380954312786';

const found = (text: string): string[] => NEEDLES.filter((needle) => text.includes(needle));
const run = promisify(execFile);

interface Exercised {
  hooks: string[];
  log: string;
}

/** Writes SAID through every input path of a Waybill on `env`'s database; returns what left the process. */
async function exercise(env: Record<string, string>): Promise<Exercised> {
  const waybill = async (...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  const key = (await waybill('keys', 'create', '--tenant', 'default', '--role', 'admin', '--name', 'pii-paths')).stdout.trim();
  expect(key).not.toBe('');

  const hooks: string[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      hooks.push(body);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const serve = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { env: { ...env, WAYBILL_LOG_LEVEL: 'info' } });
  let log = '';
  serve.stderr.setEncoding('utf8');
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${log}`)), 60_000);
    serve.stderr.on('data', (chunk: string) => {
      log += chunk;
      const at = /API at (http:\/\/[^\s/]+)\/v1/.exec(log);
      if (at?.[1]) {
        clearTimeout(timer);
        resolve(at[1]);
      }
    });
  });
  try {
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers }, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
    };
    expect((await call('PUT', '/v1/admin/webhook', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` })).status).toBe(200);

    // HTTP: thread ids shaped like a phone are refused; a phone-shaped X-Request-Id is replaced.
    for (const threadId of [PHONE_ID, `+${PHONE_ID}`]) expect((await call('POST', '/v1/runs', { input: 'Де TTN-000001?', thread_id: threadId })).status).toBe(400);
    const asked = await call('POST', '/v1/runs', { input: `Скасуй TTN-000004, клієнт відмовився, поверни 720 грн. ${SAID}`, thread_id: 'http-edit' }, { 'x-request-id': PHONE_ID });
    expect(asked.body).toMatchObject({ status: 'awaiting_approval' });
    expect(asked.body.request_id).not.toBe(PHONE_ID);
    // HTTP decisions: an edit whose reason carries the data, and a rejection whose reason does.
    const edited = await call('POST', `/v1/approvals/${String(asked.body.run_id)}`, { decision: 'edit', args: { reason: `клієнт просив: ${SAID}`, refund_uah: 700 } });
    expect(edited).toMatchObject({ status: 200, body: { status: 'finished', approval: { decision: 'edit' } } });
    const second = await call('POST', '/v1/runs', { input: 'Скасуй TTN-000012, клієнт відмовився, поверни 300 грн', thread_id: 'http-reject' });
    expect((await call('POST', `/v1/approvals/${String(second.body.run_id)}`, { decision: 'reject', reason: `не можна: ${SAID}` })).body).toMatchObject({ stop_reason: 'approval_rejected' });

    // Agent Protocol: thread and run metadata and the input message; a phone-shaped thread id in the path.
    const thread = await call('POST', '/threads', { metadata: { customer: SAID, [PII.email]: 'ключ' } });
    const threadId = String(thread.body.thread_id);
    const waited = await call('POST', `/threads/${threadId}/runs/wait`, { assistant_id: 'langgraph', input: { messages: [{ role: 'user', content: `Де TTN-000001? ${SAID}` }] }, metadata: { note: SAID } });
    expect(waited.status).toBe(200);
    expect((await call('POST', `/threads/${PHONE_ID}/runs/wait`, { assistant_id: 'langgraph', if_not_exists: 'create', input: { messages: [{ role: 'user', content: 'Де TTN-000001?' }] } })).status).toBe(400);
    expect((await call('POST', '/threads', { thread_id: PHONE_ID })).status).toBe(400);

    // MCP tools/call: a cancellation whose reason carries the data files an approval; a lookup of a phone.
    const client = new Client({ name: 'pii-paths', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--role', 'operator'], env, stderr: 'pipe' }));
    const filed = await client.callTool({ name: 'cancel_shipment', arguments: { tracking_id: 'TTN-000009', reason: `клієнт: ${SAID}`, refund_uah: 100 } });
    const approvalId = String((filed.structuredContent as { approval_id?: string }).approval_id);
    expect(approvalId).toMatch(/^apr_/);
    await client.callTool({ name: 'track_shipment', arguments: { tracking_id: PII.phone } });
    await client.close();

    // CLI: the stored approval decided with an edit; ask refusing a phone-shaped thread; ask and a rejection's reason.
    expect((await waybill('approve', '--approval', approvalId, '--edit', JSON.stringify({ reason: `уточнення: ${SAID}` }))).code).toBe(0);
    expect((await waybill('ask', '--thread', PHONE_ID, 'Де TTN-000001?')).code).toBe(2);
    expect((await waybill('ask', '--thread', 'cli-reject', `Скасуй TTN-000007, клієнт відмовився, поверни 500 грн. ${SAID}`)).code).toBe(3);
    expect((await waybill('reject', '--thread', 'cli-reject', '--reason', `клієнт передумав: ${SAID}`)).code).toBe(0);
    for (let waited = 0; hooks.length < 2 && waited < 15_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    // One per pause the server made (the CLI's own pause is its process's, not the server's).
    expect(hooks.length).toBeGreaterThanOrEqual(2);
  } finally {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.once('exit', resolve));
    receiver.close();
  }
  return { hooks, log };
}

describe('personal data is at rest nowhere, on every input path', () => {
  it('is all caught by the redactor (so a clean store below means the paths redacted it)', () => {
    const redacted = redactPii(SAID);
    expect(redacted.counts).toEqual({ PHONE: 1, EMAIL: 1, CARD: 1, IBAN: 1, IPN: 1, PASSPORT: 1 });
    expect(found(redacted.text)).toEqual([]);
    expect(found(SAID)).toEqual(NEEDLES.filter((n) => SAID.includes(n)));
    expect(found(SAID).length).toBeGreaterThanOrEqual(6);
  });

  const temp = makeTempDir();
  afterAll(() => temp.cleanup());

  it('SQLite: no raw value in any byte of the database files, the webhooks or the log', { timeout: 300_000 }, async () => {
    const { hooks, log } = await exercise(serverEnv(join(temp.dir, 'pii.db')));
    expect(found(hooks.join('\n'))).toEqual([]);
    expect(log).toContain('API at');
    expect(found(log)).toEqual([]);
    const files = readdirSync(temp.dir);
    expect(files).toContain('pii.db');
    let bytes = 0;
    const leaks: string[] = [];
    for (const file of files) {
      const content = readFileSync(join(temp.dir, file));
      bytes += content.length;
      for (const needle of found(content.toString('utf8'))) leaks.push(`${file}: ${needle}`);
    }
    expect(bytes).toBeGreaterThan(100_000);
    expect(leaks).toEqual([]);
  });

  const baseUrl = testPostgresUrl();
  let schema: TestSchema | undefined;
  afterAll(async () => schema?.drop());
  it.runIf(baseUrl)('PostgreSQL: no raw value in any row of any table of the schema, the webhooks or the log', { timeout: 300_000 }, async () => {
    schema = await createTestSchema(baseUrl ?? '');
    const { hooks, log } = await exercise(serverEnv(schema.url));
    expect(found(hooks.join('\n') + log)).toEqual([]);
    const db = new pg.Client({ connectionString: baseUrl });
    await db.connect();
    const leaks: string[] = [];
    let cells = 0;
    try {
      const tables = (await db.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema.schema])).rows.map((r) => r.table_name);
      expect(tables.length).toBeGreaterThan(5);
      for (const table of tables) {
        for (const row of (await db.query<Record<string, unknown>>(`SELECT * FROM "${schema.schema}"."${table}"`)).rows) {
          for (const [column, value] of Object.entries(row)) {
            cells += 1;
            const text = Buffer.isBuffer(value) ? value.toString('utf8') : typeof value === 'string' ? value : JSON.stringify(value) ?? '';
            for (const needle of found(text)) leaks.push(`${table}.${column}: ${needle}`);
          }
        }
      }
    } finally {
      await db.end();
    }
    expect(cells).toBeGreaterThan(200);
    expect(leaks).toEqual([]);
  });
});
