// Figures 9a-9j: the queue path (issue 36). One `waybill oracle` answers every model call after 100 ms
// (the offline planner in its own process, as a remote provider would be). On a fresh PostgreSQL schema
// each time:
//   - in-process: the runtime a worker opens, asked directly (lib/in-process-runs.mjs), `concurrency`
//     runs in flight; the baseline;
//   - 1, 2 and 4 `waybill worker --concurrency <concurrency>` processes taking the same requests from
//     the run queue.
// Each process first runs `warmUp` requests unmeasured (JIT, connections, statement caches). 9a is a
// worker process's CPU per run (all its threads, /proc) against the in-process one's (issue 36: at most
// 1.5x); 9b-9d throughput; 9e-9j each run's time (the worker's `run_ms`) at p50 and p99.
// Needs WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL; its schemas are dropped at the end.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { silentLogger } from '../../dist/mcp/stderr-logger.js';
import { openJobQueue, queueSchemaFor, queueSettingsFromEnv } from '../../dist/queue/index.js';
import { withPostgresSchema } from '../../dist/storage/index.js';
import { spawnOracle } from '../lib/oracle-process.mjs';
import { envFor, peakRssMb, processCpuMs, startProcess, stop } from '../lib/queue-processes.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { percentile, round, summarise } from '../lib/stats.mjs';

const IN_PROCESS = fileURLToPath(new URL('../lib/in-process-runs.mjs', import.meta.url));
// A run that takes longer than this is a hung bench, not a slow machine.
const GIVE_UP_MS = 15 * 60_000;

/**
 * A fresh schema for `measure(url)`; it and the queue's schema are dropped afterwards. Also samples the
 * database's connections while it runs: the peak over the count before, an estimate (other clients of
 * the same server count too), since a setup's processes can ask for more than `max_connections`.
 */
async function inFreshSchema(baseUrl, measure) {
  const schema = `wb_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = withPostgresSchema(baseUrl, schema);
  const connections = async () => Number((await admin.query('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database()')).rows[0].n);
  const before = await connections();
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await connections().catch(() => peak));
      await sleep(500);
    }
  })();
  try {
    const result = await measure(url);
    return { ...result, connections_peak_over_before: peak - before };
  } catch (error) {
    // One setup failing (a worker refused by PostgreSQL, say) is reported, not the end of the group.
    return { error: error instanceof Error ? error.message : String(error), connections_peak_over_before: peak - before };
  } finally {
    sampling = false;
    await sampler;
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${queueSchemaFor(url)} CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

async function inProcess(url, env, { warmUp, runs, concurrency }) {
  const proc = startProcess([url, String(warmUp), String(runs), String(concurrency)], env, (line) => (line.includes('"in_process":"done"') ? JSON.parse(line) : undefined), IN_PROCESS);
  const result = await proc.started;
  const peak = peakRssMb(proc.child.pid);
  await stop(proc.child);
  const ms = result.samples.map((s) => s.ms);
  return {
    setup: `in-process, ${concurrency} runs in flight, PostgreSQL`,
    runs,
    cpu_ms_per_run: round(result.cpu_ms / runs, 1),
    throughput_runs_per_s: round(runs / (result.wall_ms / 1000), 2),
    run_ms: summarise(ms, 0),
    run_ms_p99: percentile(ms, 99),
    statuses: result.samples.reduce((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {}),
    peak_rss_mb: [peak],
  };
}

async function untilDone(workers, prefix, count) {
  const started = Date.now();
  const ended = () => workers.flatMap((w) => w.lines).filter((l) => (l.includes('"job done"') || l.includes('"job dead-lettered"')) && l.includes(`"run_id":"${prefix}`));
  while (ended().length < count) {
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`the workers finished ${ended().length} of ${count} ${prefix} jobs in ${GIVE_UP_MS / 60_000} minutes`);
    const exited = workers.find((w) => w.child.exitCode !== null);
    if (exited) throw new Error(`a worker exited ${exited.child.exitCode}: ${exited.lines.slice(-5).join('\n')}`);
    await sleep(100);
  }
  return ended().map((l) => JSON.parse(l));
}

async function enqueueAll(queue, prefix, count) {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      await queue.enqueue({ kind: 'run', runId: `${prefix}${i}`, threadId: `thread-${prefix}${i}`, tenant: 'default', input: FIXED_REQUESTS[i % FIXED_REQUESTS.length] });
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
}

async function onWorkers(url, env, count, { warmUp, runs, concurrency }) {
  const workers = Array.from({ length: count }, () => startProcess(['worker', '--concurrency', String(concurrency), '--tenant-concurrency', '1000'], env, (line) => line.includes('"worker started"')));
  const queue = await Promise.all(workers.map((w) => w.started)).then(() => openJobQueue(url, { settings: queueSettingsFromEnv(url, {}), logger: silentLogger }));
  try {
    await enqueueAll(queue, 'warm-', warmUp * count);
    await untilDone(workers, 'warm-', warmUp * count);
    const cpuBefore = workers.map((w) => processCpuMs(w.child.pid));
    await enqueueAll(queue, 'run-', runs);
    const jobs = await untilDone(workers, 'run-', runs);
    const cpuUsed = workers.map((w, i) => processCpuMs(w.child.pid) - cpuBefore[i]);
    const done = jobs.filter((j) => j.msg === 'job done');
    // From the first measured job's start to the last one's end, as the workers logged them.
    const first = Math.min(...done.map((j) => Date.parse(j.started_at)));
    const last = Math.max(...done.map((j) => Date.parse(j.ts)));
    const ms = done.map((j) => j.run_ms);
    const peaks = workers.map((w) => peakRssMb(w.child.pid));
    return {
      setup: `${count} worker${count > 1 ? 's' : ''} x concurrency ${concurrency}, PostgreSQL`,
      runs,
      cpu_ms_per_run: round(cpuUsed.reduce((a, b) => a + b, 0) / runs, 1),
      cpu_ms_per_worker: cpuUsed,
      throughput_runs_per_s: round(done.length / ((last - first) / 1000), 2),
      run_ms: summarise(ms, 0),
      run_ms_p99: percentile(ms, 99),
      queue_wait_ms: summarise(done.map((j) => j.queue_wait_ms), 0),
      statuses: done.reduce((acc, j) => ({ ...acc, [j.status]: (acc[j.status] ?? 0) + 1 }), {}),
      dead_lettered: jobs.length - done.length,
      peak_rss_mb: peaks,
    };
  } finally {
    await queue.close();
    await Promise.all(workers.map((w) => stop(w.child)));
  }
}

export async function run({ runs = 100, warmUp = 20, concurrency = 4, latencyMs = 100, workerCounts = [1, 2, 4] } = {}) {
  const baseUrl = process.env.WAYBILL_BENCH_PG_URL ?? process.env.WAYBILL_TEST_PG_URL;
  if (!baseUrl) throw new Error('the queue figures need WAYBILL_BENCH_PG_URL or WAYBILL_TEST_PG_URL (a PostgreSQL they may create schemas in)');
  const loadAtStart = os.loadavg().map((x) => round(x, 2));
  const oracle = await spawnOracle({ latencyMs });
  const setups = {};
  try {
    // The queue's settings are its defaults (poll, lease, maintenance), as a user runs it.
    const env = (url) => envFor(url, oracle.baseUrl);
    const options = { warmUp, runs, concurrency };
    setups.in_process = await inFreshSchema(baseUrl, (url) => inProcess(url, env(url), options));
    for (const count of workerCounts) setups[`workers_${count}`] = await inFreshSchema(baseUrl, (url) => onWorkers(url, env(url), count, options));
  } finally {
    await oracle.close();
  }
  const base = setups.in_process;
  const one = setups.workers_1;
  const ok = (setup) => setup && !setup.error;
  const repetitions = `${runs} runs per setup after ${warmUp} unmeasured per process; model at ${latencyMs} ms a call`;
  const problems = Object.entries(setups).flatMap(([name, s]) => [
    ...(s.error ? [`${name} failed: ${s.error}`] : []),
    ...Object.entries(s.statuses ?? {}).filter(([status]) => status !== 'finished').map(([status, n]) => `${name}: ${n} runs ended ${status}`),
    ...(s.dead_lettered ? [`${name}: ${s.dead_lettered} jobs dead-lettered`] : []),
  ]);
  const common = { repetitions };
  const throughput = (id, s, count, baseline, label) => ({
    id,
    ...common,
    name: `Throughput with ${count} worker process${count > 1 ? 'es' : ''} (concurrency ${concurrency} each); baseline ${label}`,
    short: `Queue: runs/s, ${count} worker${count > 1 ? 's' : ''}`,
    unit: 'runs/s',
    value: { waybill: s.throughput_runs_per_s, baseline: baseline.throughput_runs_per_s },
    ratio: s.throughput_runs_per_s / baseline.throughput_runs_per_s,
    ratio_label: `runs/s ÷ ${label}`,
    target: null,
  });
  const runTime = (id, s, count, which) => ({
    id,
    ...common,
    name: `Run time ${which} with ${count} worker${count > 1 ? 's' : ''} (the worker's run_ms); baseline in-process at ${concurrency} in flight`,
    short: `Queue: run ${which} ms, ${count} worker${count > 1 ? 's' : ''}`,
    unit: 'ms',
    value: which === 'p50' ? { waybill: s.run_ms.median, baseline: base.run_ms.median } : { waybill: s.run_ms_p99, baseline: base.run_ms_p99 },
    ratio: which === 'p50' ? s.run_ms.median / base.run_ms.median : s.run_ms_p99 / base.run_ms_p99,
    ratio_label: 'worker ÷ in-process',
    target: null,
  });
  if (!ok(base)) throw new Error(`the in-process baseline failed: ${base.error}`);
  const counts = workerCounts.filter((c) => ok(setups[`workers_${c}`]));
  const figures = [
    ...(!ok(one) ? [] : [{
      id: '9a',
      ...common,
      name: `CPU per run of one worker process (concurrency ${concurrency}, all its threads, polling and leases included); baseline the same runtime asked in-process at ${concurrency} in flight, both on PostgreSQL`,
      short: 'Queue: worker CPU ms/run',
      unit: 'ms',
      value: { waybill: one.cpu_ms_per_run, baseline: base.cpu_ms_per_run },
      ratio: one.cpu_ms_per_run / base.cpu_ms_per_run,
      ratio_label: 'worker ÷ in-process',
      target: { op: '<=', value: 1.5 },
    }, throughput('9b', one, 1, base, 'in-process')]),
    // Ids by position in workerCounts, so a failed setup leaves a gap rather than renumbering the rest.
    ...workerCounts.map((c, i) => [c, i]).filter(([c]) => c !== 1 && ok(one) && counts.includes(c)).map(([c, i]) => throughput(`9${String.fromCharCode(98 + i)}`, setups[`workers_${c}`], c, one, '1 worker')),
    ...workerCounts.map((c, i) => [c, i]).filter(([c]) => counts.includes(c)).flatMap(([c, i]) => [runTime(`9${String.fromCharCode(101 + 2 * i)}`, setups[`workers_${c}`], c, 'p50'), runTime(`9${String.fromCharCode(102 + 2 * i)}`, setups[`workers_${c}`], c, 'p99')]),
  ];
  return {
    figures,
    details: {
      model: `waybill oracle (the offline planner in its own process) at ${latencyMs} ms a call, over HTTP`,
      load_average: { at_start: loadAtStart, at_end: os.loadavg().map((x) => round(x, 2)) },
      setups,
      problems,
    },
  };
}
