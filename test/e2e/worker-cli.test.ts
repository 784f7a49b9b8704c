import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createQueueTestSchema } from '../../src/queue/queue-test-schema.js';
import { testPostgresUrl, type TestSchema } from '../../src/testing/postgres-test-schema.js';
import { CLI, serverEnv } from './helpers.js';

const baseUrl = testPostgresUrl();

describe('waybill worker', () => {
  it('refuses a SQLite database and a bad --concurrency with exit 2 and one line', () => {
    const sqlite = spawnSync(process.execPath, [CLI, 'worker'], { env: serverEnv('/tmp/waybill-worker-test-never-created.db'), encoding: 'utf8' });
    expect(sqlite.status).toBe(2);
    expect(sqlite.stderr).toContain('the run queue needs PostgreSQL');
    const bad = spawnSync(process.execPath, [CLI, 'worker', '--db', 'postgres://u@127.0.0.1:1/none', '--concurrency', '0'], { env: serverEnv('/tmp/unused.db'), encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--concurrency must be a whole number from 1 to 64');
  });
});

describe.runIf(baseUrl)('waybill worker on PostgreSQL', () => {
  let schema: TestSchema | undefined;
  afterAll(async () => {
    await schema?.drop();
  });

  it('stops taking jobs on SIGTERM and exits 0; takes its own runtime\'s queue', async () => {
    schema = await createQueueTestSchema(baseUrl ?? '');
    const child = spawn(process.execPath, [CLI, 'worker', '--concurrency', '1', '--runtime', 'adk'], { env: serverEnv(schema.url, { WAYBILL_LOG_LEVEL: 'info' }) });
    let err = '';
    child.stderr.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the worker did not start:\n${err}`)), 45_000);
      child.stderr.on('data', (chunk: string) => {
        err += chunk;
        if (err.includes('"worker started"')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    expect(code, `signal ${signal}\n${err.slice(-2000)}`).toBe(0);
    expect(err).toContain('"worker stopped"');
    expect(err).toMatch(/"worker started".*"runtime":"adk".*"queue":"waybill-runs-adk"/);
  });
});
