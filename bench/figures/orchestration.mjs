// Figures 1-3 from the same runs: wall time and CPU per run, tokens per request, checkpoint rows and
// bytes and bytes written to disk per run, Waybill (full policy layer) against the plain
// agents-as-tools supervisor. Both builds answer from the same completions, recorded in another process
// and replayed with zero latency, so no measured process plans or counts tokens. Each build runs in a
// process of its own (lib/build-process.mjs): its CPU per run is its process's CPU over a round divided
// by the round's runs, garbage collection and background threads included.
//
// A build process's CPU per run falls by about half over its first few hundred runs, in both builds:
// V8 is still compiling hot functions on its background threads (--trace-opt counts 40-50 TurboFan
// compilations in a build's 6th pass, about 10 in its 35th). Figures 1a-1c are the steady state a
// server reaches, measured after `warmUpRounds` passes that are themselves measured and reported as
// figure 1d, so what the warm-up costs each build is in the table too.
import { join } from 'node:path';
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { recordCompletionsTo, recordedCompletions } from '../lib/record-completions.mjs';
import { ReplayedModel } from '../lib/replayed-model.mjs';
import { openPlain, openWaybill } from '../lib/builds.mjs';
import { forkBuild } from '../lib/build-process.mjs';
import { profileComponents } from '../lib/cpu-profile.mjs';
import { mean, median, percentile, round, summarise } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

// The profiled pass comes after this many unprofiled ones, so it sees mostly compiled code, as 1a-1c do.
const PROFILE_WARM_UP_ROUNDS = 10;

/** `rounds` passes over the fixed requests, rotating which build goes first; each build's process and main-thread CPU per round. */
async function measureBuilds(builds, rounds, problems) {
  const samples = Object.fromEntries(builds.map((b) => [b.label, []]));
  const roundCpu = Object.fromEntries(builds.map((b) => [b.label, []]));
  const roundMainCpu = Object.fromEntries(builds.map((b) => [b.label, []]));
  const cpuNow = (build) => Promise.all([build.cpuMs(), build.mainThreadCpuMs()]);
  for (let r = 0; r < rounds; r += 1) {
    const before = await Promise.all(builds.map(cpuNow));
    for (const [i, input] of FIXED_REQUESTS.entries()) {
      // Rotate the order, so no build always runs on a warmer cache.
      const shift = (r + i) % builds.length;
      for (const build of [...builds.slice(shift), ...builds.slice(0, shift)]) {
        const threadId = `${build.label}-r${r}-q${i}`;
        const m = await build.run(input, threadId);
        samples[build.label].push({ round: r, request: i, ...m });
        if (build.name !== 'waybill') continue;
        if (m.result.status !== 'finished') problems.push(`${build.label} run ${threadId} ended ${m.result.stop_reason}`);
        if (m.result.prompt_tokens !== m.meter.promptTokens) problems.push(`${build.label} ${threadId}: record says ${m.result.prompt_tokens} prompt tokens, the model reported ${m.meter.promptTokens}`);
        if (m.result.tool_calls.some((status) => status !== 'ok')) problems.push(`${build.label} ${threadId}: a tool call ended ${m.result.tool_calls.find((status) => status !== 'ok')}`);
      }
    }
    const after = await Promise.all(builds.map(cpuNow));
    builds.forEach((build, b) => {
      roundCpu[build.label].push((after[b][0] - before[b][0]) / FIXED_REQUESTS.length);
      roundMainCpu[build.label].push(after[b][1] === null ? null : (after[b][1] - before[b][1]) / FIXED_REQUESTS.length);
    });
  }
  return { samples, roundCpu, roundMainCpu };
}

/** The measured rounds in [from, to), renumbered from 0. */
function roundsBetween(measured, from, to = Infinity) {
  const pick = (byBuild, f) => Object.fromEntries(Object.entries(byBuild).map(([label, xs]) => [label, f(xs)]));
  return {
    samples: pick(measured.samples, (xs) => xs.filter((x) => x.round >= from && x.round < to).map((x) => ({ ...x, round: x.round - from }))),
    roundCpu: pick(measured.roundCpu, (xs) => xs.slice(from, to)),
    roundMainCpu: pick(measured.roundMainCpu, (xs) => xs.slice(from, to)),
  };
}

export async function run({ rounds = 30, warmUpRounds = 20 } = {}) {
  const tmp = tempDir();
  const problems = [];
  try {
    const completionsFile = recordCompletionsTo(join(tmp.dir, 'completions.json'));
    const open = (label, build, durability) => forkBuild({ build, completionsFile, dbPath: tmp.newDb(label), durability, warmUp: FIXED_REQUESTS }).then((b) => Object.assign(b, { label }));
    // Diagnostic: Waybill at LangGraph's default durability (a checkpoint per step), what `exit` is chosen against.
    const builds = await Promise.all([open('waybill', 'waybill'), open('plain', 'plain'), open('waybill_durability_async', 'waybill', 'async')]);
    let measured;
    try {
      measured = await measureBuilds(builds, warmUpRounds + rounds, problems);
    } finally {
      for (const build of builds) await build.close();
    }
    // Diagnostic: one more pass of each build under the CPU profiler, in this process, self time per component per run.
    const model = new ReplayedModel({ completions: recordedCompletions() });
    const profiles = {};
    for (const openBuild of [openWaybill, openPlain]) {
      const build = await openBuild({ dbPath: tmp.newDb('prof'), model });
      try {
        for (let r = 0; r < PROFILE_WARM_UP_ROUNDS; r += 1) for (const [i, input] of FIXED_REQUESTS.entries()) await build.ask(input, `prof-warm-${r}-${i}`);
        profiles[build.name] = await profileComponents(async () => {
          for (const [i, input] of FIXED_REQUESTS.entries()) await build.ask(input, `prof-${i}`);
        }, FIXED_REQUESTS.length);
      } finally {
        await build.close();
      }
    }
    const result = report(roundsBetween(measured, warmUpRounds), rounds, problems, warmUp(roundsBetween(measured, 0, warmUpRounds), warmUpRounds));
    result.details.cpu_profile_self_ms_per_run = profiles;
    return result;
  } finally {
    tmp.remove();
  }
}

/** Figure 1d from the warm-up rounds: CPU per run, and each build's main-thread share of it. */
function warmUp(early, warmUpRounds) {
  const w = early.roundCpu.waybill;
  const p = early.roundCpu.plain;
  return {
    rounds: warmUpRounds,
    figure: {
      id: '1d',
      name: `CPU per run over each build process's first ${warmUpRounds} passes (JIT warm-up), mean`,
      short: 'CPU ms/run, warm-up passes',
      repetitions: `${warmUpRounds} rounds x ${FIXED_REQUESTS.length} requests per build (after 1 unmeasured pass)`,
      unit: 'ms',
      waybill: summarise(w, 2),
      baseline: summarise(p, 2),
      value: { waybill: mean(w), baseline: mean(p) },
      ratio: mean(w) / mean(p),
      ratio_per_round: summarise(w.map((x, r) => x / p[r]), 3),
      target: null,
    },
    threads: threadSplit(early),
  };
}

/** Process CPU per run split into the main thread and the rest (V8's compiler and GC helper threads), per build. */
function threadSplit({ roundCpu, roundMainCpu }) {
  return Object.fromEntries(
    Object.keys(roundCpu).map((label) => {
      const main = roundMainCpu[label];
      if (main.some((x) => x === null)) return [label, null];
      const process = mean(roundCpu[label]);
      return [label, { process_ms_per_run: round(process, 2), main_thread_ms_per_run: round(mean(main), 2), background_threads_ms_per_run: round(process - mean(main), 2) }];
    }),
  );
}

/** Median wall time per run grouped by the run's number of model calls (4: one intent; 6-8: several). */
function byCalls(w, p) {
  const groups = {};
  for (const [name, samples] of [['waybill', w], ['plain', p]]) {
    for (const x of samples) ((groups[x.meter.calls] ??= { waybill: [], plain: [] })[name]).push(x.ms);
  }
  return Object.fromEntries(
    Object.entries(groups).map(([calls, g]) => [calls, { runs: g.waybill.length, waybill: round(median(g.waybill), 1), plain: round(median(g.plain), 1), ratio: round(median(g.waybill) / median(g.plain), 3) }]),
  );
}

const perRun = (s, pick) => s.map(pick);
const ms = (x) => x.ms;
const cpuMs = (x) => x.cpuMs;

/** One build's per-run means and medians, for the details (and the durability comparison). */
function buildSummary(s, cpuPerRound) {
  return {
    wall_ms: summarise(perRun(s, ms), 2),
    cpu_ms_inside_runs: summarise(perRun(s, cpuMs), 2),
    process_cpu_ms_per_run: summarise(cpuPerRound, 2),
    checkpoint_rows: round(mean(s.map((x) => x.cp.rows)), 1),
    checkpoint_bytes: round(mean(s.map((x) => x.cp.bytes)), 0),
    disk_bytes_written: s[0]?.disk === null ? null : round(mean(s.map((x) => x.disk)), 0),
  };
}

function report({ samples, roundCpu, roundMainCpu }, rounds, problems, warm) {
  const w = samples.waybill;
  const p = samples.plain;
  const stepwise = samples.waybill_durability_async;
  const roundOf = (s, r) => s.filter((x) => x.round === r);
  // The ratio of `stat` within each round: Waybill's runs of round r against plain's runs of round r.
  const perRound = (stat) => summarise(Array.from({ length: rounds }, (_, r) => stat(roundOf(w, r)) / stat(roundOf(p, r))), 3);
  const medianOf = (pick) => (s) => median(s.map(pick));
  const meanOf = (pick) => (s) => mean(s.map(pick));
  const p95Of = (s) => percentile(s.map(ms), 95);
  const tokens = (s) => roundOf(s, 0).map((x) => x.meter.promptTokens + x.meter.completionTokens);
  const calls = (s) => roundOf(s, 0).map((x) => x.meter.calls);
  const cpBytes = (x) => x.cp.bytes;
  const cpRows = (x) => x.cp.rows;
  const disk = (x) => x.disk ?? Number.NaN;
  const ratioFigure = (fields) => ({ waybill: summarise(perRun(w, fields.pick), 2), baseline: summarise(perRun(p, fields.pick), 2), ...fields.rest });
  const wTok = tokens(w);
  const pTok = tokens(p);
  const repetitions = `${rounds} rounds x ${FIXED_REQUESTS.length} requests per build (after the ${warm.rounds} warm-up rounds of figure 1d)`;
  const figures = [
    {
      id: '1a',
      name: 'Orchestration overhead, median wall time per run',
      short: 'Orchestration, median ms/run',
      repetitions,
      unit: 'ms',
      ...ratioFigure({ pick: ms }),
      value: { waybill: median(perRun(w, ms)), baseline: median(perRun(p, ms)) },
      ratio: median(perRun(w, ms)) / median(perRun(p, ms)),
      ratio_per_round: perRound(medianOf(ms)),
      target: { op: '<=', value: 1.05 },
    },
    {
      id: '1b',
      name: 'Orchestration overhead, p95 wall time per run',
      short: 'Orchestration, p95 ms/run',
      repetitions,
      unit: 'ms',
      ...ratioFigure({ pick: ms }),
      value: { waybill: percentile(perRun(w, ms), 95), baseline: percentile(perRun(p, ms), 95) },
      ratio: percentile(perRun(w, ms), 95) / percentile(perRun(p, ms), 95),
      ratio_per_round: perRound(p95Of),
      target: null,
    },
    {
      id: '1c',
      name: "CPU per run (the build process's user + system over each round, garbage collection included), mean",
      short: 'CPU ms/run',
      repetitions,
      unit: 'ms',
      // Per run: CPU inside the run; the value and the ratios: the process's CPU per round ÷ its runs.
      ...ratioFigure({ pick: cpuMs }),
      value: { waybill: mean(roundCpu.waybill), baseline: mean(roundCpu.plain) },
      ratio: mean(roundCpu.waybill) / mean(roundCpu.plain),
      ratio_per_round: summarise(roundCpu.waybill.map((cpu, r) => cpu / roundCpu.plain[r]), 3),
      target: { op: '<=', value: 1.05 },
    },
    warm.figure,
    {
      id: '2',
      name: 'Tokens per request (prompt + completion)',
      short: 'Tokens per request',
      repetitions: `${FIXED_REQUESTS.length} requests (recorded completions: identical in every round)`,
      unit: 'tokens',
      waybill: summarise(wTok, 1),
      baseline: summarise(pTok, 1),
      value: { waybill: mean(wTok), baseline: mean(pTok) },
      ratio: mean(wTok) / mean(pTok),
      target: { op: '<=', value: 0.8 },
    },
    {
      id: '3a',
      name: "Checkpoint bytes per run (checkpoints + writes blobs), against plain's default durability",
      short: 'Checkpoint bytes/run',
      repetitions: `${w.length} runs per build`,
      unit: 'bytes',
      ...ratioFigure({ pick: cpBytes }),
      value: { waybill: mean(perRun(w, cpBytes)), baseline: mean(perRun(p, cpBytes)) },
      ratio: mean(perRun(w, cpBytes)) / mean(perRun(p, cpBytes)),
      ratio_per_round: perRound(meanOf(cpBytes)),
      target: { op: '<=', value: 0.5 },
    },
    {
      id: '3b',
      name: 'Checkpoint rows written per run (checkpoints + writes)',
      short: 'Checkpoint rows/run',
      repetitions: `${w.length} runs per build`,
      unit: 'rows',
      ...ratioFigure({ pick: cpRows }),
      value: { waybill: mean(perRun(w, cpRows)), baseline: mean(perRun(p, cpRows)) },
      ratio: mean(perRun(w, cpRows)) / mean(perRun(p, cpRows)),
      target: null,
    },
    {
      id: '3c',
      name: 'Bytes written to disk per run (write() calls of the process: WAL, database, run record)',
      short: 'Disk bytes written/run',
      repetitions: `${w.length} runs per build`,
      unit: 'bytes',
      ...ratioFigure({ pick: disk }),
      value: { waybill: mean(perRun(w, disk)), baseline: mean(perRun(p, disk)) },
      ratio: mean(perRun(w, disk)) / mean(perRun(p, disk)),
      ratio_per_round: perRound(meanOf(disk)),
      target: null,
    },
  ];
  const first = (s) => roundOf(s, 0);
  const answersIdentical = first(w).filter((x, i) => x.result.answer === first(p)[i]?.result.answer).length;
  const sumOf = (s, key) => mean(first(s).map((x) => x.meter[key]));
  const details = {
    requests: FIXED_REQUESTS.length,
    rounds,
    runs_per_build: w.length,
    cpu_by_thread: { steady: threadSplit({ roundCpu, roundMainCpu }), warm_up: warm.threads },
    model: 'recorded offline-planner completions replayed in each build process (zero latency, token usage as recorded)',
    processes: 'each build in a Node process of its own (bench/lib/build-process.mjs), driven one run at a time',
    baseline: 'agents-as-tools plain build (createAgent supervisor whose tools invoke three worker createAgents; no middleware), LangGraph defaults (durability async, SqliteSaver as shipped)',
    median_ms_by_model_calls: byCalls(w, p),
    answers_identical_in_both_builds: `${answersIdentical} of ${first(w).length}`,
    model_calls_per_run: { waybill: summarise(calls(w), 2), plain: summarise(calls(p), 2) },
    framework_ms_per_run_median: { waybill: round(median(perRun(w, ms)), 2), plain: round(median(perRun(p, ms)), 2) },
    tokens_per_request: {
      prompt: { waybill: round(sumOf(w, 'promptTokens'), 1), plain: round(sumOf(p, 'promptTokens'), 1) },
      completion: { waybill: round(sumOf(w, 'completionTokens'), 1), plain: round(sumOf(p, 'completionTokens'), 1) },
      prompt_per_model_call: { waybill: round(sumOf(w, 'promptTokens') / sumOf(w, 'calls'), 1), plain: round(sumOf(p, 'promptTokens') / sumOf(p, 'calls'), 1) },
    },
    per_build: { waybill: buildSummary(w, roundCpu.waybill), plain: buildSummary(p, roundCpu.plain), waybill_durability_async: buildSummary(stepwise, roundCpu.waybill_durability_async) },
    durability_exit_vs_async: {
      cpu_ratio: round(mean(roundCpu.waybill) / mean(roundCpu.waybill_durability_async), 3),
      wall_median_ratio: round(median(perRun(w, ms)) / median(perRun(stepwise, ms)), 3),
      checkpoint_bytes_ratio: round(mean(perRun(w, cpBytes)) / mean(perRun(stepwise, cpBytes)), 3),
      disk_bytes_ratio: round(mean(perRun(w, disk)) / mean(perRun(stepwise, disk)), 3),
    },
    checkpoint_per_run: {
      waybill: { checkpoint_rows: round(mean(w.map((x) => x.cp.checkpointRows)), 1), write_rows: round(mean(w.map((x) => x.cp.writeRows)), 1), checkpoint_bytes: round(mean(w.map((x) => x.cp.checkpointBytes)), 0), write_bytes: round(mean(w.map((x) => x.cp.writeBytes)), 0) },
      plain: { checkpoint_rows: round(mean(p.map((x) => x.cp.checkpointRows)), 1), write_rows: round(mean(p.map((x) => x.cp.writeRows)), 1), checkpoint_bytes: round(mean(p.map((x) => x.cp.checkpointBytes)), 0), write_bytes: round(mean(p.map((x) => x.cp.writeBytes)), 0) },
    },
    problems,
  };
  return { figures, details };
}
