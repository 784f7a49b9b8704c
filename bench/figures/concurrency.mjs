// Figure 5: 50 concurrent runs with 100 ms and with 1000 ms of model latency (recorded completions
// replayed after that wait, as a remote model answers), each batch against the same batch on the plain
// build and against the slowest of its requests run alone on the same build at the same latency.
// Figures 5a/5b (1000 ms) carry the targets; 5c/5d (100 ms) show how CPU starts to count.
import { openPlain, openWaybill } from '../lib/builds.mjs';
import { recordedCompletions } from '../lib/record-completions.mjs';
import { ReplayedModel } from '../lib/replayed-model.mjs';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { median, round, summarise } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

async function batch(build, inputs, tag) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(inputs.map((input, i) => build.ask(input, `${tag}-${i}`)));
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, results };
}

/** The request that takes longest alone on `build` (each request once, at `latencyMs`). */
async function slowestRequest(build, tag) {
  let slowest = { ms: -1, input: FIXED_REQUESTS[0] };
  for (const [i, input] of FIXED_REQUESTS.entries()) {
    const { ms } = await batch(build, [input], `${tag}-find-${i}`);
    if (ms > slowest.ms) slowest = { ms, input };
  }
  return slowest.input;
}

async function measure({ completions, latencyMs, concurrency, rounds, tmp, slowestInput }) {
  const model = new ReplayedModel({ completions, latencyMs });
  const waybill = await openWaybill({ dbPath: tmp.newDb(`conc-waybill-${latencyMs}`), model });
  const plain = await openPlain({ dbPath: tmp.newDb(`conc-plain-${latencyMs}`), model });
  const inputs = Array.from({ length: concurrency }, (_, i) => FIXED_REQUESTS[i % FIXED_REQUESTS.length]);
  try {
    for (const build of [waybill, plain]) await batch(build, FIXED_REQUESTS, `warm-${build.name}`);
    // Found once on Waybill at the shorter latency (the longest chain of model calls, and at 100 ms also
    // the most CPU), then timed alone on both builds after every batch.
    const slowest = slowestInput ?? (await slowestRequest(waybill, `slow-${latencyMs}`));
    const rows = [];
    const problems = [];
    for (let r = 0; r < rounds; r += 1) {
      const order = r % 2 === 0 ? [waybill, plain] : [plain, waybill];
      const row = {};
      for (const build of order) {
        const b = await batch(build, inputs, `${build.name}-r${r}`);
        const solo = await batch(build, [slowest], `${build.name}-solo-r${r}`);
        row[build.name] = { ms: b.ms, cpuMs: b.cpuMs, soloMs: solo.ms };
        if (build === waybill) for (const record of b.results) if (record.status !== 'finished') problems.push(`run ${record.thread_id} ended ${record.stop_reason}`);
      }
      rows.push(row);
    }
    return { rows, slowest, problems };
  } finally {
    await waybill.close();
    await plain.close();
  }
}

function figuresFor(m, { latencyMs, concurrency, rounds, withTargets }) {
  const w = m.rows.map((row) => row.waybill.ms);
  const p = m.rows.map((row) => row.plain.ms);
  const solo = m.rows.map((row) => row.waybill.soloMs);
  const repetitions = `${rounds} batches of ${concurrency} per build, alternating which goes first (after a warm-up batch of ${FIXED_REQUESTS.length})`;
  return [
    {
      id: `5${latencyMs >= 1000 ? 'a' : 'c'}`,
      short: `${concurrency} concurrent, ${latencyMs} ms model, vs plain`,
      name: `${concurrency} concurrent runs, ${latencyMs} ms model latency: batch wall time, Waybill ÷ the same batch on the plain build`,
      repetitions,
      unit: 'ms per batch',
      waybill: summarise(w, 1),
      baseline: summarise(p, 1),
      value: { waybill: median(w), baseline: median(p) },
      ratio: median(w) / median(p),
      ratio_per_round: summarise(m.rows.map((row) => row.waybill.ms / row.plain.ms), 3),
      target: withTargets ? { op: '<=', value: 1.05 } : null,
    },
    {
      id: `5${latencyMs >= 1000 ? 'b' : 'd'}`,
      short: `${concurrency} concurrent, ${latencyMs} ms model, vs slowest solo`,
      name: `${concurrency} concurrent Waybill runs, ${latencyMs} ms model latency: batch wall time ÷ the slowest request run alone`,
      repetitions: `${rounds} batches; the slowest request (found once at this latency) timed alone after each batch`,
      unit: 'ms per batch',
      waybill: summarise(w, 1),
      baseline: summarise(solo, 1),
      value: { waybill: median(w), baseline: median(solo) },
      ratio: median(w) / median(solo),
      ratio_label: 'batch ÷ slowest solo',
      ratio_per_round: summarise(m.rows.map((row) => row.waybill.ms / row.waybill.soloMs), 3),
      target: withTargets ? { op: '<=', value: 1.2 } : null,
    },
  ];
}

export async function run({ concurrency = 50, rounds = 3 } = {}) {
  const tmp = tempDir();
  const completions = recordedCompletions();
  try {
    const figures = [];
    const details = { concurrency, rounds, model: 'recorded completions replayed in process after a timer of the model latency', requests: `the ${FIXED_REQUESTS.length} fixed requests, cycled to ${concurrency}`, by_latency: {} };
    let slowestInput;
    for (const latencyMs of [100, 1000]) {
      const m = await measure({ completions, latencyMs, concurrency, rounds, tmp, slowestInput });
      slowestInput = m.slowest;
      figures.push(...figuresFor(m, { latencyMs, concurrency, rounds, withTargets: latencyMs >= 1000 }));
      details.by_latency[latencyMs] = {
        slowest_request: m.slowest,
        batch_ms: { waybill: summarise(m.rows.map((row) => row.waybill.ms), 1), plain: summarise(m.rows.map((row) => row.plain.ms), 1) },
        slowest_solo_ms: { waybill: summarise(m.rows.map((row) => row.waybill.soloMs), 1), plain: summarise(m.rows.map((row) => row.plain.soloMs), 1) },
        process_cpu_ms_per_batch: { waybill: summarise(m.rows.map((row) => row.waybill.cpuMs), 1), plain: summarise(m.rows.map((row) => row.plain.cpuMs), 1) },
        process_cpu_ms_per_run: { waybill: round(median(m.rows.map((row) => row.waybill.cpuMs)) / concurrency, 2), plain: round(median(m.rows.map((row) => row.plain.cpuMs)) / concurrency, 2) },
        problems: m.problems,
      };
    }
    return { figures, details };
  } finally {
    tmp.remove();
  }
}
