// The queue figures' baseline (figures/queue.mjs): the runtime a worker opens (openRuntime on the same
// PostgreSQL, the model from the environment: `waybill oracle`), asked directly in this process, with as
// many runs in flight as a worker's lanes. Prints one JSON line on stderr when it is done: CPU per run
// of this whole process over the measured runs (all threads), wall time, each run's ms and status.
//   node bench/lib/in-process-runs.mjs <postgres-url> <warm-up runs> <runs> <concurrency>
import { openRuntime } from '../../dist/runtimes/index.js';
import { FIXED_REQUESTS } from './requests.mjs';

const [url, warmText, runsText, concurrencyText] = process.argv.slice(2);
const [warm, runs, concurrency] = [warmText, runsText, concurrencyText].map(Number);
const runtime = await openRuntime('langgraph', { dbPath: url });
try {
  /** `count` runs, `concurrency` at a time (a closed loop per lane, as a worker's fetch loops). */
  const batch = async (count, tag) => {
    const samples = [];
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < count; i = next++) {
        const started = Date.now();
        const record = await runtime.ask({ input: FIXED_REQUESTS[i % FIXED_REQUESTS.length], threadId: `${tag}-${i}`, tenant: 'default' });
        samples.push({ ms: Date.now() - started, status: record.status });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    return samples;
  };
  await batch(warm, 'inproc-warm');
  const cpu = process.cpuUsage();
  const started = performance.now();
  const samples = await batch(runs, 'inproc');
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  process.stderr.write(`${JSON.stringify({ in_process: 'done', cpu_ms: (used.user + used.system) / 1000, wall_ms: wallMs, samples })}\n`);
} finally {
  await runtime.close();
}
