// Issue 19's load figure (not a test, not part of run-all): N runs against `waybill oracle` with emulated
// model latency, on 1, 2 and 4 `waybill worker` processes taking them from the PostgreSQL queue, against
// one in-process `waybill serve` on SQLite, all in one run. Reports throughput, p50/p95 run time, queue
// wait and peak RSS per worker process; writes bench/results/queue-load.json.
//
//   npm run build && WAYBILL_TEST_PG_URL=postgres://… node bench/queue-load.mjs [--runs=1000] [--latency-ms=100]
//       [--workers=1,2,4] [--concurrency=4] [--serve-in-flight=8]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { withPostgresSchema } from '../dist/storage/index.js';
import { openJobQueue, queueSchemaFor, queueSettingsFromEnv } from '../dist/queue/index.js';
import { silentLogger } from '../dist/mcp/stderr-logger.js';
import { machine } from './lib/machine.mjs';
import { spawnOracle } from './lib/oracle-process.mjs';
import { CLI, envFor, peakRssMb, startProcess, stop } from './lib/queue-processes.mjs';
import { FIXED_REQUESTS } from './lib/requests.mjs';
import { round, summarise } from './lib/stats.mjs';
import { tempDir } from './lib/temp-db.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(arg('runs', '1000'));
const LATENCY_MS = Number(arg('latency-ms', '100'));
const WORKER_COUNTS = arg('workers', '1,2,4').split(',').map(Number);
const CONCURRENCY = Number(arg('concurrency', '4'));
const SERVE_IN_FLIGHT = Number(arg('serve-in-flight', '8'));
const baseUrl = process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL;
if (!baseUrl) throw new Error('queue-load needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL (a PostgreSQL it may create schemas in)');

async function measureQueue(workerCount, oracleUrl) {
  const schema = `wb_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withPostgresSchema(baseUrl, schema);
  try {
    const env = envFor(url, oracleUrl, { WAYBILL_QUEUE_POLL_SECONDS: '0.5' });
    const workers = Array.from({ length: workerCount }, () =>
      startProcess(['worker', '--concurrency', String(CONCURRENCY), '--tenant-concurrency', '1000'], env, (line) => line.includes('"worker started"')),
    );
    await Promise.all(workers.map((w) => w.started));
    const queue = await openJobQueue(url, { settings: queueSettingsFromEnv(url, {}), logger: silentLogger });
    const t0 = Date.now();
    for (let i = 0; i < RUNS; i += 1) {
      await queue.enqueue({ kind: 'run', runId: `run-b${i}`, threadId: `thread-b${i}`, tenant: 'default', input: FIXED_REQUESTS[i % FIXED_REQUESTS.length] });
    }
    const enqueueMs = Date.now() - t0;
    const done = () => workers.flatMap((w) => w.lines).filter((l) => l.includes('"job done"'));
    const deadLettered = () => workers.flatMap((w) => w.lines).filter((l) => l.includes('"job dead-lettered"'));
    // A dead-lettered job never reports done: it counts towards the end, and is reported (issue 32: 0 expected).
    while (done().length + deadLettered().length < RUNS) await sleep(200);
    const deadLetters = (await queue.stats()).deadLetters;
    const wallS = (Date.now() - t0) / 1000;
    const jobs = done().map((l) => JSON.parse(l));
    const peaks = workers.map((w) => peakRssMb(w.child.pid));
    const exits = await Promise.all(workers.map((w) => stop(w.child)));
    await queue.close();
    return {
      setup: `${workerCount} worker${workerCount > 1 ? 's' : ''} x concurrency ${CONCURRENCY}, PostgreSQL`,
      runs: RUNS,
      wall_s: round(wallS, 1),
      throughput_runs_per_s: round(RUNS / wallS, 2),
      run_ms: summarise(jobs.map((j) => j.run_ms), 0),
      queue_wait_ms: summarise(jobs.map((j) => j.queue_wait_ms), 0),
      statuses: jobs.reduce((acc, j) => ({ ...acc, [j.status]: (acc[j.status] ?? 0) + 1 }), {}),
      dead_letters: deadLetters,
      enqueue_ms: enqueueMs,
      peak_rss_mb_per_worker: peaks,
      sigterm_exit_codes: exits,
    };
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${queueSchemaFor(url)} CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

async function measureServe(oracleUrl) {
  const temp = tempDir('waybill-queue-load-');
  try {
    const db = temp.newDb('serve');
    const env = envFor(db, oracleUrl, { WAYBILL_LOG_LEVEL: 'warn' });
    const created = spawnSync(process.execPath, [CLI, 'keys', 'create', '--tenant', 'default', '--role', 'operator'], { env, encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`keys create failed: ${created.stderr}`);
    const key = created.stdout.trim();
    const serve = startProcess(['serve', '--port', '0'], env, (line) => /API at (http:\/\/[^\s/]+)\/v1/.exec(line)?.[1]);
    const base = await serve.started;
    const runMs = [];
    const latencyMs = [];
    const statuses = {};
    let next = 0;
    const t0 = Date.now();
    // A closed loop of SERVE_IN_FLIGHT clients, each waiting for its run's answer before the next.
    const client = async () => {
      for (let i = next++; i < RUNS; i = next++) {
        const sent = Date.now();
        const response = await fetch(`${base}/v1/runs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ input: FIXED_REQUESTS[i % FIXED_REQUESTS.length] }),
        });
        const record = await response.json();
        if (!response.ok) throw new Error(`POST /v1/runs: ${response.status} ${JSON.stringify(record)}`);
        latencyMs.push(Date.now() - sent);
        runMs.push(record.duration_ms);
        statuses[record.status] = (statuses[record.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: SERVE_IN_FLIGHT }, client));
    const wallS = (Date.now() - t0) / 1000;
    const peak = peakRssMb(serve.child.pid);
    const exit = await stop(serve.child);
    return {
      setup: `one waybill serve, SQLite, ${SERVE_IN_FLIGHT} requests in flight`,
      runs: RUNS,
      wall_s: round(wallS, 1),
      throughput_runs_per_s: round(RUNS / wallS, 2),
      run_ms: summarise(runMs, 0),
      queue_wait_ms: summarise(latencyMs.map((l, i) => Math.max(0, l - (runMs[i] ?? 0))), 0),
      statuses,
      peak_rss_mb_per_worker: [peak],
      sigterm_exit_codes: [exit],
    };
  } finally {
    temp.remove();
  }
}

const report = { figure: 'queue-load', measured_at: new Date().toISOString(), machine: machine(), runs: RUNS, model_latency_ms: LATENCY_MS, requests: 'bench/lib/requests.mjs FIXED_REQUESTS, in rotation', results: [] };
const oracle = await spawnOracle({ latencyMs: LATENCY_MS });
try {
  report.results.push(await measureServe(oracle.baseUrl));
  process.stderr.write(`${JSON.stringify(report.results.at(-1))}\n`);
  for (const count of WORKER_COUNTS) {
    report.results.push(await measureQueue(count, oracle.baseUrl));
    process.stderr.write(`${JSON.stringify(report.results.at(-1))}\n`);
  }
} finally {
  await oracle.close();
}
report.load_average_at_end = (await import('node:os')).loadavg().map((x) => round(x, 2));
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/queue-load.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
console.log('setup | runs/s | run p50 ms | run p95 ms | queue wait p50 ms | queue wait p95 ms | peak RSS MB');
for (const r of report.results) {
  console.log(`${r.setup} | ${r.throughput_runs_per_s} | ${r.run_ms.median} | ${r.run_ms.p95} | ${r.queue_wait_ms.median} | ${r.queue_wait_ms.p95} | ${r.peak_rss_mb_per_worker.join(', ')}`);
}
console.log('Written: bench/results/queue-load.json');
