// Figure 5: 50 concurrent Waybill runs with 100 ms emulated model latency (the oracle on loopback, as
// an OpenAI-compatible endpoint behind ChatOpenAI), against the critical-path ideal: the longest chain
// of sequential model calls of any run in the batch times the latency.
import { createChatModel, serveOracle } from '../../dist/models/index.js';
import { openPlain, openWaybill } from '../lib/builds.mjs';
import { spawnOracle } from '../lib/oracle-process.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { median, round, summarise } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const modelFor = (baseUrl) => createChatModel({ model: 'gpt-4.1', baseUrl }, { temperature: 0.1, timeoutMs: 60_000, maxRetries: 0 });

/** Sequential model calls on a run's longest path: the supervisor's calls plus its slowest worker's. */
async function criticalPath(runs, record) {
  const events = await runs.listEvents(record.run_id);
  const perAgent = {};
  for (const event of events) if (event.type === 'model.call') perAgent[event.agent] = (perAgent[event.agent] ?? 0) + 1;
  const { supervisor = 0, ...workers } = perAgent;
  return supervisor + Math.max(0, ...Object.values(workers));
}

async function batch(build, size, tag) {
  const inputs = Array.from({ length: size }, (_, i) => FIXED_REQUESTS[i % FIXED_REQUESTS.length]);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(inputs.map((input, i) => build.ask(input, `${tag}-${i}`)));
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, results };
}

async function measure({ baseUrl, latencyMs, concurrency, rounds, tmp, withPlain }) {
  const waybill = await openWaybill({ dbPath: tmp.newDb('conc-waybill'), model: modelFor(baseUrl) });
  const plain = withPlain ? await openPlain({ dbPath: tmp.newDb('conc-plain'), model: modelFor(baseUrl) }) : undefined;
  try {
    await batch(waybill, 20, 'warm');
    if (plain) await batch(plain, 20, 'warm');
    const wall = [];
    const cpu = [];
    const plainWall = [];
    let longest = 0;
    const problems = [];
    for (let r = 0; r < rounds; r += 1) {
      const { ms, cpuMs, results } = await batch(waybill, concurrency, `r${r}`);
      wall.push(ms);
      cpu.push(cpuMs);
      for (const record of results) {
        if (record.status !== 'finished') problems.push(`run ${record.thread_id} ended ${record.stop_reason}`);
        longest = Math.max(longest, await criticalPath(waybill.opened.runs, record));
      }
      if (plain) plainWall.push((await batch(plain, concurrency, `r${r}`)).ms);
    }
    return { wall, cpu, plainWall, idealMs: longest * latencyMs, longest, problems };
  } finally {
    await waybill.close();
    if (plain) await plain.close();
  }
}

export async function run({ concurrency = 50, latencyMs = 100, rounds = 3 } = {}) {
  const tmp = tempDir();
  try {
    const oracle = await serveOracle({ port: 0, latencyMs });
    let main;
    try {
      main = await measure({ baseUrl: oracle.baseUrl, latencyMs, concurrency, rounds, tmp, withPlain: true });
    } finally {
      await oracle.close();
    }
    // Diagnostic: the same with the oracle in its own process, so its planning and token counting do not
    // share Waybill's event loop (a remote provider would not).
    const remote = await spawnOracle({ latencyMs });
    let apart;
    try {
      apart = await measure({ baseUrl: remote.baseUrl, latencyMs, concurrency, rounds, tmp, withPlain: false });
    } finally {
      await remote.close();
    }
    const ratio = median(main.wall) / main.idealMs;
    return {
      figures: [
        {
          id: '5',
          short: `${concurrency} concurrent runs, ${latencyMs} ms model`,
          repetitions: `${rounds} batches of ${concurrency} (after a warm-up batch of 20)`,
          name: `${concurrency} concurrent Waybill runs, ${latencyMs} ms model latency: batch wall time vs critical-path ideal`,
          unit: 'ms per batch',
          waybill: summarise(main.wall, 1),
          baseline: { ideal_ms: main.idealMs, sequential_model_calls: main.longest },
          value: { waybill: median(main.wall), baseline: main.idealMs },
          ratio,
          ratio_label: 'wall ÷ ideal',
          ratio_per_round: summarise(main.wall.map((ms) => ms / main.idealMs), 3),
          target: { op: '<=', value: 1.5 },
        },
      ],
      details: {
        concurrency,
        latency_ms: latencyMs,
        rounds,
        oracle: 'serveOracle in this process (port 0), ChatOpenAI via createChatModel; planning and o200k counting run on the same event loop',
        requests: `the ${FIXED_REQUESTS.length} fixed requests, cycled to ${concurrency}`,
        critical_path: `${main.longest} sequential model calls (supervisor calls + the slowest worker's), x ${latencyMs} ms`,
        process_cpu_ms_per_batch: summarise(main.cpu, 1),
        process_cpu_ms_per_run: round(median(main.cpu) / concurrency, 2),
        plain_same_conditions: { wall_ms: summarise(main.plainWall, 1), ratio_to_ideal: round(median(main.plainWall) / main.idealMs, 3) },
        waybill_with_oracle_in_child_process: { wall_ms: summarise(apart.wall, 1), process_cpu_ms_per_batch: summarise(apart.cpu, 1), ratio_to_ideal: round(median(apart.wall) / apart.idealMs, 3) },
        problems: [...main.problems, ...apart.problems],
      },
    };
  } finally {
    tmp.remove();
  }
}
