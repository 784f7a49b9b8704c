import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createQueueTestSchema } from '../../src/queue/queue-test-schema.js';
import { testPostgresUrl, type TestSchema } from '../../src/testing/postgres-test-schema.js';
import { CLI, serverEnv } from './helpers.js';

const baseUrl = testPostgresUrl();

function started(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`did not start:\n${err}`)), 60_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
      const found = pattern.exec(err);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
}

describe('waybill serve --queue', () => {
  it('refuses a SQLite database with exit 2', () => {
    const result = spawnSync(process.execPath, [CLI, 'serve', '--queue', '--port', '0'], { env: serverEnv('/tmp/waybill-serve-queue-never-created.db'), encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--queue needs PostgreSQL');
  });
});

// Each pausing runtime has its own queue: serve --queue --runtime R feeds worker --runtime R (ADK, which
// never pauses, is covered in-process by src/queue/queue-runtimes.test.ts and its worker start in worker-cli).
describe.runIf(baseUrl).each(['langgraph', 'openai-agents'])('waybill serve --queue with a worker on PostgreSQL, --runtime %s', (runtime) => {
  let schema: TestSchema | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await schema?.drop();
  });

  it('queues a run (202), a worker runs it to its pause, and an approval is resumed by the worker', { timeout: 150_000 }, async () => {
    schema = await createQueueTestSchema(baseUrl ?? '');
    const env = serverEnv(schema.url);
    const created = spawnSync(process.execPath, [CLI, 'keys', 'create', '--tenant', 'default', '--role', 'admin'], { env, encoding: 'utf8' });
    expect(created.status, created.stderr).toBe(0);
    const key = created.stdout.trim();
    // The queue is every tenant's: its gauges are shown to the operator of operators only.
    const platform = spawnSync(process.execPath, [CLI, 'keys', 'create', '--tenant', 'ops', '--role', 'platform_admin'], { env: { ...env, WAYBILL_ROLE: 'platform_admin' }, encoding: 'utf8' });
    expect(platform.status, platform.stderr).toBe(0);
    const serve = spawn(process.execPath, [CLI, 'serve', '--queue', '--port', '0', '--runtime', runtime], { env });
    children.push(serve);
    const base = (await started(serve, /API at (http:\/\/[^\s/]+)\/v1/))[1] ?? '';
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
      return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
    };

    const queued = await call('POST', '/v1/runs', { input: 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн' });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ status: 'queued' });
    const runId = String(queued.body.run_id);
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${platform.stdout.trim()}` } });
    expect(await metrics.text()).toContain('waybill_queue_depth 1');

    const worker = spawn(process.execPath, [CLI, 'worker', '--concurrency', '1', '--runtime', runtime], { env });
    children.push(worker);
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 240 && !(await check()); i += 1) await sleep(250);
    };
    await until(async () => (await call('GET', `/v1/runs/${runId}`)).body.status === 'awaiting_approval');
    expect((await call('GET', `/v1/runs/${runId}`)).body.status).toBe('awaiting_approval');

    // The answer says what happened: the resume is queued (202, its job and the run to poll), or, if a
    // worker was quicker than the answer, the resumed run itself; never the paused record.
    const decided = await call('POST', `/v1/approvals/${runId}`, { decision: 'approve' });
    if (decided.status === 202) {
      expect(decided.body).toEqual({ status: 'queued', job_id: expect.any(String), run_id: expect.stringMatching(/^run-/), thread_id: queued.body.thread_id, paused_run_id: runId, decision: 'approve' });
    } else {
      expect(decided.status).toBe(200);
      expect(decided.body).toMatchObject({ thread_id: queued.body.thread_id, status: 'finished', approval: { decision: 'approve' } });
    }
    const resumedId = String(decided.body.run_id);
    expect(resumedId).not.toBe(runId);
    const finished = async () => (await call('GET', `/v1/runs/${resumedId}`)).body.status === 'finished';
    await until(finished);
    expect(await finished()).toBe(true);
    expect((await call('GET', `/v1/runs/${runId}`)).body.status).toBe('decided');
    const runs = (await call('GET', '/v1/runs')).body.runs as { runtime: string }[];
    expect(new Set(runs.map((r) => r.runtime))).toEqual(new Set([runtime]));
  });
});
