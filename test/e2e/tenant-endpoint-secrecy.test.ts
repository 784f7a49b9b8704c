import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createOracleApp } from '../../src/models/oracle/create-oracle-app.js';
import { storeBackends, type TestDatabase } from '../../src/testing/store-backends.js';
import { CLI, serverEnv, startServe } from './helpers.js';

const RAW_KEY = 'sk-secrecy-probe-8HnQ2vLw5Xr7Tj3Kp9Zc';

/** An HTTP server on a free loopback port for `app`; resolves with its base URL and a close. */
async function listen(app: Hono): Promise<{ url: string; close(): Promise<void> }> {
  let server: ReturnType<typeof serve> | undefined;
  const url = await new Promise<string>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
  });
  return { url, close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())) };
}

/** Every byte the database holds: the SQLite file and its WAL, or every row of every table of the schema. */
async function databaseBytes(db: TestDatabase): Promise<string> {
  if (!db.location.startsWith('postgres')) {
    const dir = dirname(db.location);
    return readdirSync(dir).filter((name) => name.startsWith('waybill.db')).map((name) => readFileSync(join(dir, name)).toString('latin1')).join('\n');
  }
  const client = new pg.Client({ connectionString: db.location });
  await client.connect();
  try {
    const tables = (await client.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()')).rows;
    expect(tables.length).toBeGreaterThan(5);
    const dumps: string[] = [];
    for (const t of tables) dumps.push(JSON.stringify((await client.query(`SELECT * FROM "${t.table_name}"`)).rows));
    return dumps.join('\n');
  } finally {
    await client.end();
  }
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe.each(storeBackends())('a tenant\'s own model key on $name', (backend) => {
  it('reaches the tenant\'s endpoint on its runs, and nothing else: not the database, the run record, the logs or the trace export', async () => {
    const db = await backend.fresh();
    closers.push(() => db.cleanup());
    // The tenant's endpoint: the offline planner behind chat completions, noting the key each call presents.
    const presented: string[] = [];
    const model = new Hono();
    model.use('*', async (c, next) => {
      presented.push(c.req.header('authorization') ?? '');
      await next();
    });
    model.route('/', createOracleApp());
    const modelServer = await listen(model);
    closers.push(() => modelServer.close());
    // The trace collector: every OTLP export body, raw.
    const exported: Buffer[] = [];
    const collector = new Hono();
    collector.post('/v1/traces', async (c) => {
      exported.push(Buffer.from(await c.req.arrayBuffer()));
      return c.body(null, 200);
    });
    const collectorServer = await listen(collector);
    closers.push(() => collectorServer.close());

    const env = serverEnv(db.location, { WAYBILL_LOG_LEVEL: 'debug', WAYBILL_CREDENTIAL_KEY: 'the credential key of this test run', TENANT_KEY: RAW_KEY, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collectorServer.url}/v1/traces` });
    const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', timeout: 60_000 });
    const set = cli(['tenant', 'endpoint', 'set', '--model', 'tenant-own-model', '--base-url', `${modelServer.url}/v1`, '--api-key-env', 'TENANT_KEY']);
    expect(set.status, set.stderr).toBe(0);
    const apiKey = (JSON.parse(cli(['keys', 'create', '--tenant', 'default', '--role', 'operator', '--json']).stdout) as { key: string }).key;

    const logs: string[] = [set.stdout, set.stderr];
    const { server, base } = await startServe(env);
    const serverGone = new Promise<void>((resolve) => server.on('exit', () => resolve()));
    closers.push(async () => {
      if (server.exitCode === null) server.kill('SIGKILL');
      await serverGone;
    });
    collect(server, logs);
    const response = await fetch(`${base}/v1/runs`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ input: 'Де зараз посилка TTN-000001?' }) });
    const record = await response.text();
    expect(response.status, record).toBe(200);
    const events = await (await fetch(`${base}/v1/runs/${(JSON.parse(record) as { run_id: string }).run_id}/events`, { headers: { authorization: `Bearer ${apiKey}` } })).text();
    server.kill('SIGTERM');
    await serverGone;

    // The run called the tenant's endpoint with the tenant's key.
    expect(presented.length).toBeGreaterThan(0);
    expect(presented.every((header) => header === `Bearer ${RAW_KEY}`)).toBe(true);
    expect(JSON.parse(record)).toMatchObject({ tenant: 'default', status: 'finished' });
    // ...and the key is nowhere else.
    expect(exported.length).toBeGreaterThan(0);
    const traces = Buffer.concat(exported).toString('latin1');
    expect(traces).toContain('tenant-own-model');
    const everywhere = { record, events, logs: logs.join('\n'), traces, database: await databaseBytes(db) };
    for (const [where, text] of Object.entries(everywhere)) expect(text.includes(RAW_KEY), `the key was found in ${where}`).toBe(false);
    expect(everywhere.database).toContain('tenant-own-model');
  });
});

function collect(child: ChildProcess, into: string[]): void {
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => into.push(chunk));
  child.stderr?.on('data', (chunk: string | Buffer) => into.push(String(chunk)));
}
