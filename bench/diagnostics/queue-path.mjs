// Issue 36 part 4: where a queued run's CPU and PostgreSQL round trips go, against the same runs in
// process. Not a figure of `npm run bench` (bench/queue-load.mjs and run-all own those); a lab tool.
//
//   npm run build && WAYBILL_TEST_PG_URL=postgres://… nice node bench/diagnostics/queue-path.mjs
//       [--runs=200] [--latency-ms=100] [--in-flight=4] [--workers=1,2,4] [--concurrency=] [--only=pg|cpu|load]
//
// cpu:  one process each, the oracle at --latency-ms: `ask` in process on SQLite and on PostgreSQL
//       (--in-flight at once), then one `waybill worker` (--concurrency, default its own) taking the same
//       runs from the queue. CPU per run is the process's user+system time over the measured runs
//       (after a warm-up), and apart the PostgreSQL server's on that process's connections (backends
//       found by client port); round trips per run are node-postgres queries (count-pg-queries.mjs).
// load: 1, 2, 4 workers, --runs queued at once: throughput, run p50/p99, queue wait p50/p99, CPU per run.
// pg:   figure 13's setting: `ask` one at a time with the offline planner in process, SQLite against
//       PostgreSQL: wall p50 and CPU per run, and the round trips per run by statement.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { spawnOracle } from '../lib/oracle-process.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { percentile, round } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const CLI = fileURLToPath(new URL('../../dist/bin/waybill.js', import.meta.url));
const COUNTER = fileURLToPath(new URL('./count-pg-queries.mjs', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = Number(arg('runs', '200'));
const WARMUP = Number(arg('warmup', '20'));
const LATENCY_MS = Number(arg('latency-ms', '100'));
const IN_FLIGHT = Number(arg('in-flight', '4'));
const CONCURRENCY = arg('concurrency', '');
const WORKER_COUNTS = arg('workers', '1,2,4').split(',').map(Number);
const ONLY = arg('only', '');
const TICK_MS = 10; // USER_HZ 100: /proc/<pid>/stat times are in hundredths of a second

function envFor(db, oracleUrl, extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(WAYBILL_|OPENROUTER_|OPENAI_)/.test(key)) env[key] = value;
  // No oracle: the offline planner in process (figure 13's setting: orchestration alone, no HTTP).
  const model = oracleUrl ? { WAYBILL_MODEL: 'oracle', WAYBILL_BASE_URL: oracleUrl } : {};
  return { ...env, WAYBILL_DB: db, ...model, WAYBILL_LOG_LEVEL: 'info', ...extra };
}

const cpuMsOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

/** The local ports of `pid`'s TCP sockets (its connections to PostgreSQL among them). */
function localPortsOf(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // closed meanwhile
    }
  }
  const ports = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && inodes.has(cols[9])) ports.push(parseInt(cols[1].split(':')[1], 16));
    }
  }
  return ports;
}

/**
 * The PostgreSQL server's CPU spent on the connections of `pids` (their backends, found by client port),
 * sampled every 250 ms from `start()` to `stop()`: a backend seen at the start counts from then, a
 * later one from its birth (its connection's cost is the run's).
 */
function backendCpu(admin, pids) {
  const first = new Map();
  const last = new Map();
  let started = false;
  let stopped = false;
  let timer;
  const sample = async () => {
    const ports = pids.flatMap((pid) => { try { return localPortsOf(pid); } catch { return []; } });
    const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE client_port = ANY($1::int[])', [ports]);
    for (const { pid } of rows) {
      let cpu;
      try { cpu = cpuMsOf(pid); } catch { continue; }
      if (!first.has(pid)) first.set(pid, started ? 0 : cpu);
      last.set(pid, cpu);
    }
  };
  return {
    async start() {
      await sample();
      started = true;
      const tick = async () => {
        await sample().catch(() => undefined);
        if (!stopped) timer = setTimeout(tick, 250);
      };
      timer = setTimeout(tick, 250);
    },
    /** How many connections (backends) were seen. */
    backends: () => last.size,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await sample().catch(() => undefined);
      let sum = 0;
      for (const [pid, cpu] of last) sum += cpu - (first.get(pid) ?? 0);
      return sum;
    },
  };
}

/** The in-process side, run in its own child: `ask` RUNS times, IN_FLIGHT at once, after WARMUP runs. */
async function child() {
  const { openRuntime } = await import('../../dist/runtimes/index.js');
  const runtime = await openRuntime('langgraph', { dbPath: process.env.WAYBILL_DB });
  const batch = async (count, prefix) => {
    const ms = [];
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < count; i = next++) {
        const started = performance.now();
        const record = await runtime.ask({ input: FIXED_REQUESTS[i % FIXED_REQUESTS.length], threadId: `${prefix}-${i}`, tenant: 'default' });
        if (record.status !== 'finished') throw new Error(`run ${i} ended ${record.status} ${record.stop_reason}`);
        ms.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    return ms;
  };
  await batch(WARMUP, 'warm');
  process.stdout.write('MEASURING\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const counts0 = globalThis.__waybillPgCounts?.().total ?? 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const ms = await batch(RUNS, 'run');
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write('MEASURED\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const after = globalThis.__waybillPgCounts?.() ?? { total: 0, by_statement: {} };
  await runtime.close();
  process.stdout.write(JSON.stringify({ cpu_ms_per_run: (cpu.user + cpu.system) / 1000 / RUNS, wall_s: wall / 1000, run_ms_p50: percentile(ms, 50), run_ms_p99: percentile(ms, 99), round_trips_per_run: (after.total - counts0) / RUNS, by_statement: after.by_statement }));
  process.exit(0);
}

async function inProcess(db, oracleUrl, inFlight = IN_FLIGHT) {
  const proc = spawn(process.execPath, ['--import', COUNTER, SELF, '--child', `--runs=${RUNS}`, `--warmup=${WARMUP}`, `--in-flight=${inFlight}`], { env: envFor(db, oracleUrl, { WAYBILL_LOG_LEVEL: 'warn' }), stdio: ['pipe', 'pipe', 'inherit'] });
  const admin = db.startsWith('postgres') ? new pg.Client({ connectionString: db }) : undefined;
  await admin?.connect();
  const server = admin && backendCpu(admin, [proc.pid]);
  let out = '';
  let serverMs = 0;
  proc.stdout.on('data', async (c) => {
    out += c;
    if (String(c).includes('MEASURING')) {
      await server?.start();
      proc.stdin.write('go\n');
    }
    if (String(c).includes('MEASURED')) {
      serverMs = (await server?.stop()) ?? 0;
      proc.stdin.write('go\n');
    }
  });
  const code = await new Promise((resolve) => proc.once('exit', resolve));
  await admin?.end();
  if (code !== 0) throw new Error(`in-process child exited ${code}`);
  const result = JSON.parse(out.split('\n').filter((l) => l.startsWith('{')).at(-1));
  return { ...result, server_cpu_ms_per_run: round(serverMs / RUNS, 1), total_cpu_ms_per_run: round(result.cpu_ms_per_run + serverMs / RUNS, 1) };
}

function startWorker(env, concurrency) {
  const args = ['--import', COUNTER, CLI, 'worker', '--tenant-concurrency', '1000', ...(concurrency ? ['--concurrency', concurrency] : [])];
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const lines = [];
  let partial = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  const started = (async () => {
    while (!lines.some((l) => l.includes('"worker started"'))) {
      if (child.exitCode !== null) throw new Error(`worker exited ${child.exitCode}: ${lines.slice(-5).join('\n')}`);
      await sleep(50);
    }
  })();
  return { child, lines, started, countsFile: env.WAYBILL_DIAG_PG_COUNTS };
}

async function pgCounts(worker) {
  rmSync(worker.countsFile, { force: true });
  worker.child.kill('SIGUSR2');
  while (!existsSync(worker.countsFile)) await sleep(20);
  await sleep(20);
  return JSON.parse(readFileSync(worker.countsFile, 'utf8'));
}

const stop = (child) => new Promise((resolve) => {
  if (child.exitCode !== null) return resolve(child.exitCode);
  child.once('exit', (code) => resolve(code));
  child.kill('SIGTERM');
});

/** `count` workers on a fresh schema; `runs` queued at once after a warm-up each worker has taken part in. */
async function onQueue(baseUrl, oracleUrl, count, runs) {
  const { withPostgresSchema } = await import('../../dist/storage/index.js');
  const { openJobQueue, queueSchemaFor, queueSettingsFromEnv } = await import('../../dist/queue/index.js');
  const { silentLogger } = await import('../../dist/mcp/stderr-logger.js');
  const schema = `wb_diag_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withPostgresSchema(baseUrl, schema);
  const dir = tempDir('waybill-diag-');
  try {
    const workers = Array.from({ length: count }, (_, i) => startWorker(envFor(url, oracleUrl, { WAYBILL_QUEUE_POLL_SECONDS: '0.5', WAYBILL_DIAG_PG_COUNTS: join(dir.dir, `counts-${i}.json`) }), CONCURRENCY));
    await Promise.all(workers.map((w) => w.started));
    const queue = await openJobQueue(url, { settings: queueSettingsFromEnv(url, {}), logger: silentLogger });
    const doneLines = () => workers.flatMap((w) => w.lines).filter((l) => l.includes('"job done"') || l.includes('"job dead-lettered"'));
    const enqueue = async (n, prefix) => {
      for (let i = 0; i < n; i += 1) await queue.enqueue({ kind: 'run', runId: `${prefix}-r${i}`, threadId: `${prefix}-t${i}`, tenant: 'default', input: FIXED_REQUESTS[i % FIXED_REQUESTS.length] });
    };
    await enqueue(WARMUP * count, 'warm');
    while (doneLines().length < WARMUP * count) await sleep(100);
    const before = doneLines().length;
    const counts0 = await Promise.all(workers.map(pgCounts));
    const server = backendCpu(admin, workers.map((w) => w.child.pid));
    await server.start();
    const cpu0 = workers.map((w) => cpuMsOf(w.child.pid));
    const t0 = Date.now();
    await enqueue(runs, 'run');
    while (doneLines().length < before + runs) await sleep(50);
    const wallS = (Date.now() - t0) / 1000;
    const cpu = workers.reduce((sum, w, i) => sum + cpuMsOf(w.child.pid) - cpu0[i], 0);
    const serverMs = await server.stop();
    const connections = server.backends();
    const counts1 = await Promise.all(workers.map(pgCounts));
    const jobs = doneLines().slice(before).map((l) => JSON.parse(l));
    const byStatement = {};
    for (const [i, c] of counts1.entries()) for (const [k, v] of Object.entries(c.by_statement)) byStatement[k] = (byStatement[k] ?? 0) + v - (counts0[i].by_statement[k] ?? 0);
    const exits = await Promise.all(workers.map((w) => stop(w.child)));
    await queue.close();
    const runMs = jobs.map((j) => j.run_ms);
    const waitMs = jobs.map((j) => j.queue_wait_ms);
    return {
      workers: count,
      runs,
      wall_s: round(wallS, 2),
      throughput_runs_per_s: round(runs / wallS, 2),
      run_ms_p50: percentile(runMs, 50),
      run_ms_p99: percentile(runMs, 99),
      queue_wait_ms_p50: percentile(waitMs, 50),
      queue_wait_ms_p99: percentile(waitMs, 99),
      cpu_ms_per_run: round(cpu / runs, 1),
      server_cpu_ms_per_run: round(serverMs / runs, 1),
      total_cpu_ms_per_run: round((cpu + serverMs) / runs, 1),
      connections,
      round_trips_per_run: round(counts1.reduce((s, c, i) => s + c.total - counts0[i].total, 0) / runs, 1),
      dead_letters: jobs.filter((j) => j.msg === 'job dead-lettered').length,
      warnings: workers.flatMap((w) => w.lines).filter((l) => /"level":"(warn|error)"/.test(l)).reduce((acc, l) => {
        const { msg, error } = JSON.parse(l);
        const key = `${msg}${error ? `: ${String(error).slice(0, 80)}` : ''}`;
        return { ...acc, [key]: (acc[key] ?? 0) + 1 };
      }, {}),
      statuses: jobs.reduce((acc, j) => ({ ...acc, [j.status]: (acc[j.status] ?? 0) + 1 }), {}),
      exits,
      by_statement: Object.fromEntries(Object.entries(byStatement).filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, round(v / runs, 2)])),
    };
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${queueSchemaFor(url)} CASCADE`).catch(() => undefined);
    await admin.end();
    dir.remove();
  }
}

async function inProcessPostgres(baseUrl, oracleUrl, inFlight = IN_FLIGHT) {
  const { withPostgresSchema } = await import('../../dist/storage/index.js');
  const schema = `wb_diag_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    return await inProcess(withPostgresSchema(baseUrl, schema), oracleUrl, inFlight);
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

async function main() {
  const baseUrl = process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL;
  if (!baseUrl) throw new Error('queue-path needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL');
  const oracle = ONLY === 'pg' ? { baseUrl: null, close: async () => undefined } : await spawnOracle({ latencyMs: LATENCY_MS });
  const report = { runs: RUNS, latency_ms: LATENCY_MS, in_flight: IN_FLIGHT, concurrency: CONCURRENCY || 'default', load_average_at_start: loadavg().map((x) => round(x, 2)) };
  const brief = (r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'by_statement'));
  try {
    if (ONLY === '' || ONLY === 'pg') {
      // Figure 13's comparison: one run at a time, the offline planner in process, SQLite then PostgreSQL.
      const tmp = tempDir('waybill-diag-');
      try {
        const sqlite = await inProcess(tmp.newDb('sqlite'), null, 1);
        const postgres = await inProcessPostgres(baseUrl, null, 1);
        report.backends = { sqlite: brief(sqlite), postgres: brief(postgres), postgres_over_sqlite_wall_p50: round(postgres.run_ms_p50 / sqlite.run_ms_p50, 2), postgres_over_sqlite_cpu: round(postgres.cpu_ms_per_run / sqlite.cpu_ms_per_run, 2) };
        report.backends.postgres_by_statement = Object.fromEntries(Object.entries(postgres.by_statement).map(([k, v]) => [k, round(v / (RUNS + WARMUP), 2)]).filter(([, v]) => v >= 0.05).sort((a, b) => b[1] - a[1]));
        process.stderr.write(`backends, one at a time, offline planner: ${JSON.stringify(Object.fromEntries(Object.entries(report.backends).filter(([k]) => k !== 'postgres_by_statement')))}\n`);
      } finally {
        tmp.remove();
      }
    }
    if (ONLY === '' || ONLY === 'cpu') {
      const tmp = tempDir('waybill-diag-');
      try {
        report.in_process_sqlite = await inProcess(tmp.newDb('sqlite'), oracle.baseUrl);
        process.stderr.write(`in process, SQLite: ${JSON.stringify(brief(report.in_process_sqlite))}\n`);
      } finally {
        tmp.remove();
      }
      report.in_process_postgres = await inProcessPostgres(baseUrl, oracle.baseUrl);
      process.stderr.write(`in process, PostgreSQL: ${JSON.stringify(brief(report.in_process_postgres))}\n`);
      report.worker = await onQueue(baseUrl, oracle.baseUrl, 1, RUNS);
      process.stderr.write(`one worker: ${JSON.stringify(brief(report.worker))}\n`);
      const sqlite = report.in_process_sqlite.cpu_ms_per_run;
      const postgres = report.in_process_postgres.cpu_ms_per_run;
      report.ratios = {
        postgres_over_sqlite_cpu: round(postgres / sqlite, 2),
        postgres_over_sqlite_p50: round(report.in_process_postgres.run_ms_p50 / report.in_process_sqlite.run_ms_p50, 2),
        worker_over_in_process_postgres_cpu: round(report.worker.cpu_ms_per_run / postgres, 2),
        worker_over_in_process_sqlite_cpu: round(report.worker.cpu_ms_per_run / sqlite, 2),
        worker_over_in_process_postgres_cpu_with_server: round(report.worker.total_cpu_ms_per_run / report.in_process_postgres.total_cpu_ms_per_run, 2),
      };
    }
    if (ONLY === '' || ONLY === 'load') {
      report.load = [];
      for (const count of WORKER_COUNTS) {
        report.load.push(await onQueue(baseUrl, oracle.baseUrl, count, RUNS));
        process.stderr.write(`${count} worker(s): ${JSON.stringify(brief(report.load.at(-1)))}\n`);
      }
    }
  } finally {
    await oracle.close();
  }
  report.load_average_at_end = loadavg().map((x) => round(x, 2));
  console.log(JSON.stringify(report, null, 2));
}

if (process.argv.includes('--child')) await child();
else await main();
