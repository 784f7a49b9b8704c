import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { serveOracle } from '../../src/models/oracle/serve-oracle.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

// A process that does not die but stops (SIGSTOP: a paused VM, a starved host, a debugger) for longer
// than its run's lease: another process takes the run over and finishes it. When the first one wakes
// and reaches the end of the run, it must write nothing (docs/durability.md "A holder that outlived its
// lease writes nothing"): the run is recorded once, by the taker.

const LEASE_MS = 1000;
const temp = makeTempDir();
afterAll(() => temp.cleanup());

const rows = <T>(dbPath: string, sql: string): T[] => {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
};

/** Runs the CLI to its end, without blocking this process. */
function run(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

describe('a process stopped past its run’s lease', () => {
  it('writes nothing when it wakes after another process took the run over and finished it; the run is recorded once, by the taker', async () => {
    // The holder is stopped while it waits on the model, never inside a write: stopped there, it would
    // hold SQLite's write lock, and no other process could write at all (the test then read "database
    // is locked" from the taker, one run in several).
    let modelAsked: () => void = () => undefined;
    const waitingOnModel = new Promise<void>((resolve) => (modelAsked = resolve));
    const oracle = await serveOracle({ port: 0, latencyMs: 600, onRequest: () => modelAsked() });
    const dbPath = join(temp.dir, 'stalled.db');
    const env = serverEnv(dbPath, { WAYBILL_MODEL: 'oracle', WAYBILL_BASE_URL: oracle.baseUrl, WAYBILL_RUN_LEASE_MS: String(LEASE_MS) });
    const stalled = spawn(process.execPath, [CLI, 'ask', '--thread', 'stalled', 'Де зараз посилка TTN-000001?'], { env });
    let stderr = '';
    stalled.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => stalled.on('exit', (code) => resolve(code)));
    try {
      // Stopped once its run is in flight (its intent written), while it waits on the model (its first request arrived).
      let intents: Array<{ run_id: string; owner: string }> = [];
      for (let i = 0; i < 300 && intents.length === 0; i += 1) {
        await sleep(20);
        intents = (() => {
          try {
            return rows<{ run_id: string; owner: string }>(dbPath, 'SELECT run_id, owner FROM run_intents');
          } catch {
            return []; // the file or its tables are not there yet
          }
        })();
      }
      expect(intents).toHaveLength(1);
      const runId = intents[0]?.run_id ?? '';
      await waitingOnModel;
      stalled.kill('SIGSTOP');
      await sleep(LEASE_MS * 1.5);
      // Another process finds the lease lapsed (its holder is alive, but stopped) and finishes the run.
      // Spawned without blocking: the model (the oracle) answers from this process.
      const resumed = await run(['resume', '--thread', 'stalled', '--json'], env);
      expect(resumed.status, resumed.stderr).toBe(0);
      const [record] = (JSON.parse(resumed.stdout) as { recovered: Array<{ run_id: string; status: string; answer: string }> }).recovered;
      expect(record).toMatchObject({ run_id: runId, status: 'finished' });
      stalled.kill('SIGCONT');
      expect(await exited).toBe(2);
      expect(stderr).toContain(`run ${runId} was taken over by another process`);
      expect(stderr).not.toMatch(/unexpected error|\n\s+at /);
      // One record, the taker's; its events once (one run.end, one run.recovered); nothing in flight.
      const stored = rows<{ run_id: string; record: string }>(dbPath, 'SELECT run_id, record FROM runs');
      expect(stored.map((row) => row.run_id)).toEqual([runId]);
      expect((JSON.parse(stored[0]?.record ?? '{}') as { answer?: string }).answer).toBe(record?.answer);
      const events = rows<{ type: string }>(dbPath, `SELECT type FROM audit_events WHERE run_id = '${runId}'`).map((row) => row.type);
      expect(events.filter((type) => type === 'run.end')).toHaveLength(1);
      expect(events.filter((type) => type === 'run.recovered')).toHaveLength(1);
      expect(rows(dbPath, 'SELECT run_id FROM run_intents')).toEqual([]);
    } finally {
      stalled.kill('SIGCONT');
      stalled.kill('SIGKILL');
      await oracle.close();
    }
  }, 90_000);
});
