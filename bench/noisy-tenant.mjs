// Issue 37's noisy-tenant figure (not a test, not part of run-all): tenant B sends one run every
// --interval-ms; first alone, then while tenant A sends --ratio times as many, on one `waybill worker`
// (--concurrency lanes, --tenant-concurrency per tenant) taking them from the PostgreSQL queue, with the
// model emulated by `waybill oracle` at --latency-ms. B's latency is from enqueue to the worker's
// "job done" line. Reports B's p50/p95 alone and beside A, and their ratio; writes
// bench/results/noisy-tenant.json.
//
//   npm run build && WAYBILL_TEST_PG_URL=postgres://… node bench/noisy-tenant.mjs [--b-runs=20] [--ratio=20]
//       [--interval-ms=500] [--latency-ms=100] [--concurrency=4] [--tenant-concurrency=2]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withPostgresSchema } from '../dist/storage/index.js';
import { openJobQueue, queueSchemaFor, queueSettingsFromEnv } from '../dist/queue/index.js';
import { silentLogger } from '../dist/mcp/stderr-logger.js';
import { machine } from './lib/machine.mjs';
import { spawnOracle } from './lib/oracle-process.mjs';
import { round, summarise } from './lib/stats.mjs';

const CLI = fileURLToPath(new URL('../dist/bin/waybill.js', import.meta.url));
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const B_RUNS = Number(arg('b-runs', '20'));
const RATIO = Number(arg('ratio', '20'));
const INTERVAL_MS = Number(arg('interval-ms', '500'));
const LATENCY_MS = Number(arg('latency-ms', '100'));
const CONCURRENCY = Number(arg('concurrency', '4'));
const TENANT_CONCURRENCY = Number(arg('tenant-concurrency', '2'));
const baseUrl = process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL;
if (!baseUrl) throw new Error('noisy-tenant needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL (a PostgreSQL it may create schemas in)');
const INPUT = 'Де зараз посилка TTN-000001?';

function envFor(db, oracleUrl) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(WAYBILL_|OPENROUTER_|OPENAI_)/.test(key)) env[key] = value;
  return { ...env, WAYBILL_DB: db, WAYBILL_MODEL: 'oracle', WAYBILL_BASE_URL: oracleUrl, WAYBILL_LOG_LEVEL: 'info', WAYBILL_QUEUE_POLL_SECONDS: '0.5' };
}

/** One phase on a fresh schema: B's runs on its schedule, and A's `ratio` runs beside each when noisy. */
async function phase(name, ratio, oracleUrl) {
  const schema = `wb_noisy_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withPostgresSchema(baseUrl, schema);
  const done = new Map();
  const worker = spawn(process.execPath, [CLI, 'worker', '--concurrency', String(CONCURRENCY), '--tenant-concurrency', String(TENANT_CONCURRENCY)], { env: envFor(url, oracleUrl), stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    let partial = '';
    let started;
    const tail = [];
    const ready = new Promise((resolve, reject) => {
      started = resolve;
      worker.once('exit', (code) => reject(new Error(`waybill worker exited ${code}: ${tail.slice(-5).join('\n')}`)));
    });
    worker.stderr.setEncoding('utf8');
    worker.stderr.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (line.includes('"worker started"')) started();
        if (!line.includes('"job done"')) continue;
        const entry = JSON.parse(line);
        done.set(entry.run_id, Date.now());
      }
    });
    await ready;
    const queue = await openJobQueue(url, { settings: queueSettingsFromEnv(url, {}), logger: silentLogger });
    const sentB = new Map();
    let a = 0;
    for (let i = 0; i < B_RUNS; i += 1) {
      const tick = Date.now();
      for (let k = 0; k < ratio; k += 1, a += 1) await queue.enqueue({ kind: 'run', runId: `a-${a}`, threadId: `a-${a}`, tenant: 'noisy', input: INPUT });
      const id = `b-${i}`;
      sentB.set(id, Date.now());
      await queue.enqueue({ kind: 'run', runId: id, threadId: id, tenant: 'quiet', input: INPUT });
      await sleep(Math.max(0, INTERVAL_MS - (Date.now() - tick)));
    }
    while ([...sentB.keys()].some((id) => !done.has(id))) await sleep(100);
    const latencies = [...sentB].map(([id, at]) => (done.get(id) ?? Number.NaN) - at);
    const aDone = [...done.keys()].filter((id) => id.startsWith('a-')).length;
    await queue.close();
    return { phase: name, quiet_runs: B_RUNS, noisy_runs_sent: a, noisy_runs_done_meanwhile: aDone, quiet_latency_ms: summarise(latencies, 0) };
  } finally {
    worker.kill('SIGTERM');
    await new Promise((resolve) => (worker.exitCode !== null ? resolve() : worker.once('exit', resolve)));
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${queueSchemaFor(url)} CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

const report = { figure: 'noisy-tenant', measured_at: new Date().toISOString(), machine: machine(), model_latency_ms: LATENCY_MS, interval_ms: INTERVAL_MS, ratio: RATIO, concurrency: CONCURRENCY, tenant_concurrency: TENANT_CONCURRENCY, results: [] };
const oracle = await spawnOracle({ latencyMs: LATENCY_MS });
try {
  report.results.push(await phase('quiet tenant alone', 0, oracle.baseUrl));
  process.stderr.write(`${JSON.stringify(report.results.at(-1))}\n`);
  report.results.push(await phase(`quiet tenant beside a noisy one at ${RATIO}x`, RATIO, oracle.baseUrl));
  process.stderr.write(`${JSON.stringify(report.results.at(-1))}\n`);
} finally {
  await oracle.close();
}
const [alone, noisy] = report.results;
report.p95_ratio = round(noisy.quiet_latency_ms.p95 / alone.quiet_latency_ms.p95, 2);
report.p50_ratio = round(noisy.quiet_latency_ms.median / alone.quiet_latency_ms.median, 2);
report.load_average_at_end = (await import('node:os')).loadavg().map((x) => round(x, 2));
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/noisy-tenant.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
console.log('phase | quiet p50 ms | quiet p95 ms | noisy runs sent | noisy done meanwhile');
for (const r of report.results) console.log(`${r.phase} | ${r.quiet_latency_ms.median} | ${r.quiet_latency_ms.p95} | ${r.noisy_runs_sent} | ${r.noisy_runs_done_meanwhile}`);
console.log(`quiet tenant p95 beside the noisy one / alone: ${report.p95_ratio} (p50: ${report.p50_ratio})`);
console.log('Written: bench/results/noisy-tenant.json');
