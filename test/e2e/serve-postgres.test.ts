import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDomainStore } from '../../src/domain/index.js';
import type { RunRecord } from '../../src/telemetry/index.js';
import { createTestSchema, testPostgresUrl } from '../../src/testing/postgres-test-schema.js';
import type { TestSchema } from '../../src/testing/postgres-test-schema.js';
import { CLI, serverEnv, startServe } from './helpers.js';

const run = promisify(execFile);
const baseUrl = testPostgresUrl();

// `WAYBILL_DB=postgres://… waybill keys|serve`: every store the service uses (keys, runs, approvals,
// checkpoints, Agent Protocol threads) in one PostgreSQL schema of this test's own.
describe.runIf(baseUrl)('waybill serve on PostgreSQL', { timeout: 90_000 }, () => {
  let schema: TestSchema;
  let server: ChildProcess | undefined;
  let base = '';
  let key = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'x-api-key': key, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    schema = await createTestSchema(baseUrl ?? '');
    const env = serverEnv(schema.url);
    key = (await run(process.execPath, [CLI, 'keys', 'create', '--tenant', 'default', '--role', 'operator', '--name', 'pg-e2e'], { env })).stdout.trim();
    // Eight stores migrate on start, each over the network: under a loaded machine that is slower than SQLite.
    ({ server, base } = await startServe(env, 60_000));
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await schema?.drop();
  });

  it('answers POST /v1/runs with a key created by `waybill keys` in the same database', async () => {
    expect(key).toMatch(/^wb_/);
    const answered = await call('POST', '/v1/runs', { input: 'Де зараз посилка TTN-000001?' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'finished', stop_reason: 'finish', tenant: 'default' });
  });

  it('pauses a cancellation for approval and carries it out once approved over HTTP', async () => {
    const paused = await call('POST', '/v1/runs', { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн' });
    expect(paused.body).toMatchObject({ status: 'awaiting_approval', pending: { tool: 'cancel_shipment', args: { tracking_id: 'TTN-000004', refund_uah: 720 } } });
    const runId = String((paused.body as unknown as RunRecord).run_id);
    const approved = await call('POST', `/v1/approvals/${runId}`, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'finished', approval: { decision: 'approve' } });
    // The resumed run says the cancellation ran (a refusal would also finish, with its rule as the answer).
    expect(approved.body.tool_calls, String(approved.body.answer)).toContainEqual(expect.objectContaining({ tool: 'cancel_shipment', status: 'ok' }));
    expect((await call('POST', `/v1/approvals/${runId}`, { decision: 'approve' })).status).toBe(409);
    const domain = await openDomainStore({ path: schema.url });
    try {
      expect(domain.backend).toBe('postgres');
      expect((await domain.getShipment('TTN-000004'))?.status).toBe('cancelled');
    } finally {
      await domain.close();
    }
  });

  it('keeps Agent Protocol threads in the same database', async () => {
    const created = await call('POST', '/threads', { thread_id: 'pg-thread', metadata: { e2e: true } });
    expect(created.status).toBe(200);
    expect((await call('GET', '/threads/pg-thread')).body).toMatchObject({ thread_id: 'pg-thread', metadata: { e2e: true }, status: 'idle' });
  });
});
