// Figures 1-3 from the same runs: wall time per run, tokens per request, checkpoint rows and bytes per
// run, Waybill (full policy layer) against the plain agents-as-tools supervisor, zero model latency.
import { FIXED_REQUESTS } from '../lib/requests.mjs';
import { MeteredPlannerModel, newMeter } from '../lib/metered-model.mjs';
import { openPlain, openWaybill } from '../lib/builds.mjs';
import { profileComponents } from '../lib/cpu-profile.mjs';
import { checkpointStats, checkpointTotals } from '../lib/checkpoint-stats.mjs';
import { mean, median, percentile, round, summarise } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

async function measureRun(build, model, input, threadId) {
  model.reset();
  const started = performance.now();
  const result = await build.ask(input, threadId);
  const ms = performance.now() - started;
  const meter = { ...model.meter };
  const cp = checkpointStats(build.db, threadId);
  return { ms, meter, cp, result };
}

/** Warm-up, then `rounds` passes over the fixed requests, alternating which build goes first. */
async function measurePair(waybill, plain, model, rounds, problems) {
  const builds = [waybill, plain];
  const samples = { waybill: [], plain: [] };
  // Warm-up: every request once on each build (JIT, statement caches, tokenizer tables), unrecorded.
  for (const [i, input] of FIXED_REQUESTS.entries()) for (const build of builds) await build.ask(input, `warm-${build.name}-${i}`);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, input] of FIXED_REQUESTS.entries()) {
      // Alternate which build goes first, so neither always runs on a warmer cache.
      const order = (r + i) % 2 === 0 ? builds : [plain, waybill];
      for (const build of order) {
        const threadId = `${build.name}-r${r}-q${i}`;
        const m = await measureRun(build, model, input, threadId);
        samples[build.name].push({ round: r, request: i, ...m });
        if (build !== waybill) continue;
        if (m.result.status !== 'finished') problems.push(`waybill run ${threadId} ended ${m.result.stop_reason}`);
        if (m.result.usage.prompt_tokens !== m.meter.promptTokens) problems.push(`waybill ${threadId}: record says ${m.result.usage.prompt_tokens} prompt tokens, the model reported ${m.meter.promptTokens}`);
        if (m.result.tool_calls.some((call) => call.tool === 'search_policies')) problems.push(`waybill ${threadId} searched the policies: the plain build's MCP session does not serve that search`);
      }
    }
  }
  return samples;
}

export async function run({ rounds = 5, normalSyncRounds = 2 } = {}) {
  const tmp = tempDir();
  const model = new MeteredPlannerModel(newMeter());
  const problems = [];
  const open = async () => [await openWaybill({ dbPath: tmp.newDb('waybill'), model }), await openPlain({ dbPath: tmp.newDb('plain'), model })];
  try {
    const [waybill, plain] = await open();
    let samples;
    let totals;
    let graphs;
    try {
      samples = await measurePair(waybill, plain, model, rounds, problems);
      totals = { waybill: checkpointTotals(waybill.db), plain: checkpointTotals(plain.db) };
      graphs = { waybill: waybill.graphNodes(), plain: plain.graphNodes() };
    } finally {
      await waybill.close();
      await plain.close();
    }
    // Diagnostic: both builds again with the checkpointer's connection at synchronous=NORMAL (SqliteSaver
    // leaves SQLite's default FULL: one fsync per checkpoint transaction; Waybill's own stores use NORMAL).
    const [waybillN, plainN] = await open();
    let normal;
    try {
      for (const build of [waybillN, plainN]) build.db.pragma('synchronous = NORMAL');
      normal = await measurePair(waybillN, plainN, model, normalSyncRounds, problems);
    } finally {
      await waybillN.close();
      await plainN.close();
    }
    // Diagnostic: the plain build with Waybill's prompts and tool descriptions (tokens only, one pass),
    // to split Waybill's extra tokens into "prompts" and "policy layer".
    const tokensWithWaybillPrompts = [];
    try {
      const plainWaybillPrompts = await openPlain({ dbPath: tmp.newDb('plain-wp'), model, prompts: 'waybill' });
      try {
        for (const [i, input] of FIXED_REQUESTS.entries()) {
          const m = await measureRun(plainWaybillPrompts, model, input, `pwp-${i}`);
          tokensWithWaybillPrompts.push(m.meter.promptTokens + m.meter.completionTokens);
        }
      } finally {
        await plainWaybillPrompts.close();
      }
    } catch (error) {
      problems.push(`the plain-with-Waybill-prompts diagnostic failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Diagnostic: one more pass of each build under the CPU profiler, self time per component per run.
    const [waybillP, plainP] = await open();
    const profiles = {};
    try {
      for (const build of [waybillP, plainP]) {
        for (const [i, input] of FIXED_REQUESTS.entries()) await build.ask(input, `prof-warm-${i}`);
        profiles[build.name] = await profileComponents(async () => {
          for (const [i, input] of FIXED_REQUESTS.entries()) await build.ask(input, `prof-${i}`);
        }, FIXED_REQUESTS.length);
      }
    } finally {
      await waybillP.close();
      await plainP.close();
    }
    const result = report(samples, rounds, tokensWithWaybillPrompts, totals, problems);
    result.details.supervisor_graph_nodes = graphs;
    result.details.cpu_profile_self_ms_per_run = profiles;
    const wallMedian = (s) => median(s.map((x) => x.ms));
    result.details.with_checkpointer_synchronous_normal = {
      rounds: normalSyncRounds,
      median_ms: { waybill: round(wallMedian(normal.waybill), 2), plain: round(wallMedian(normal.plain), 2), ratio: round(wallMedian(normal.waybill) / wallMedian(normal.plain), 3) },
      p95_ms: {
        waybill: round(percentile(normal.waybill.map((x) => x.ms), 95), 2),
        plain: round(percentile(normal.plain.map((x) => x.ms), 95), 2),
      },
    };
    return result;
  } finally {
    tmp.remove();
  }
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

function report(samples, rounds, plainWithWaybillPrompts, totals, problems) {
  const w = samples.waybill;
  const p = samples.plain;
  const ms = (s) => s.map((x) => x.ms);
  const frameworkMs = (s) => s.map((x) => x.ms - x.meter.modelMs);
  const tokens = (s) => s.filter((x) => x.round === 0).map((x) => x.meter.promptTokens + x.meter.completionTokens);
  const calls = (s) => s.filter((x) => x.round === 0).map((x) => x.meter.calls);
  const cpBytes = (s) => s.map((x) => x.cp.bytes);
  const cpRows = (s) => s.map((x) => x.cp.rows);
  const perRound = (fn) =>
    Array.from({ length: rounds }, (_, r) => fn(w.filter((x) => x.round === r)) / fn(p.filter((x) => x.round === r)));
  const medianOf = (s) => median(ms(s));
  const p95Of = (s) => percentile(ms(s), 95);

  const wTok = tokens(w);
  const pTok = tokens(p);
  const figures = [
    {
      id: '1a',
      name: 'Orchestration overhead, median wall time per run',
      short: 'Orchestration, median ms/run',
      repetitions: `${rounds} rounds x ${FIXED_REQUESTS.length} requests per build (after 1 warm-up pass)`,
      unit: 'ms',
      waybill: summarise(ms(w)),
      baseline: summarise(ms(p)),
      value: { waybill: median(ms(w)), baseline: median(ms(p)) },
      ratio: median(ms(w)) / median(ms(p)),
      ratio_per_round: summarise(perRound(medianOf), 3),
      target: { op: '<=', value: 1.15 },
    },
    {
      id: '1b',
      name: 'Orchestration overhead, p95 wall time per run',
      short: 'Orchestration, p95 ms/run',
      repetitions: `${rounds} rounds x ${FIXED_REQUESTS.length} requests per build`,
      unit: 'ms',
      waybill: summarise(ms(w)),
      baseline: summarise(ms(p)),
      value: { waybill: percentile(ms(w), 95), baseline: percentile(ms(p), 95) },
      ratio: percentile(ms(w), 95) / percentile(ms(p), 95),
      ratio_per_round: summarise(perRound(p95Of), 3),
      target: { op: '<=', value: 1.15 },
    },
    {
      id: '2',
      name: 'Tokens per request (prompt + completion)',
      short: 'Tokens per request',
      repetitions: `${FIXED_REQUESTS.length} requests (deterministic: identical in every round)`,
      unit: 'tokens',
      waybill: summarise(wTok, 1),
      baseline: summarise(pTok, 1),
      value: { waybill: mean(wTok), baseline: mean(pTok) },
      ratio: mean(wTok) / mean(pTok),
      target: { op: '<=', value: 0.8 },
    },
    {
      id: '3a',
      name: 'Checkpoint bytes per run (checkpoints + writes blobs)',
      short: 'Checkpoint bytes/run',
      repetitions: `${w.length} runs per build`,
      unit: 'bytes',
      waybill: summarise(cpBytes(w), 0),
      baseline: summarise(cpBytes(p), 0),
      value: { waybill: mean(cpBytes(w)), baseline: mean(cpBytes(p)) },
      ratio: mean(cpBytes(w)) / mean(cpBytes(p)),
      target: { op: '<=', value: 0.5 },
    },
    {
      id: '3b',
      name: 'Checkpoint rows written per run (checkpoints + writes)',
      short: 'Checkpoint rows/run',
      repetitions: `${w.length} runs per build`,
      unit: 'rows',
      waybill: summarise(cpRows(w), 1),
      baseline: summarise(cpRows(p), 1),
      value: { waybill: mean(cpRows(w)), baseline: mean(cpRows(p)) },
      ratio: mean(cpRows(w)) / mean(cpRows(p)),
      target: null,
    },
  ];
  const first = (s) => s.filter((x) => x.round === 0);
  const answersIdentical = first(w).filter((x, i) => x.result.answer === first(p)[i]?.result).length;
  const sumOf = (s, key) => mean(s.filter((x) => x.round === 0).map((x) => x.meter[key]));
  const details = {
    requests: FIXED_REQUESTS.length,
    rounds,
    runs_per_build: w.length,
    model: 'OfflinePlannerChatModel in process (zero latency), one instance shared by both builds',
    baseline: 'agents-as-tools plain build (createAgent supervisor whose tools invoke three worker createAgents; no middleware)',
    baseline_not_measured: '@langchain/langgraph-supervisor (prebuilt supervisor) is not a dependency of this project, so that plain build was not measured',
    median_ms_by_model_calls: byCalls(w, p),
    answers_identical_in_both_builds: `${answersIdentical} of ${first(w).length}`,
    model_calls_per_run: { waybill: summarise(calls(w), 2), plain: summarise(calls(p), 2) },
    model_ms_per_run: { waybill: round(mean(w.map((x) => x.meter.modelMs)), 2), plain: round(mean(p.map((x) => x.meter.modelMs)), 2) },
    framework_ms_per_run_median: { waybill: round(median(frameworkMs(w)), 2), plain: round(median(frameworkMs(p)), 2), ratio: round(median(frameworkMs(w)) / median(frameworkMs(p)), 3) },
    tokens_per_request: {
      prompt: { waybill: round(sumOf(w, 'promptTokens'), 1), plain: round(sumOf(p, 'promptTokens'), 1) },
      completion: { waybill: round(sumOf(w, 'completionTokens'), 1), plain: round(sumOf(p, 'completionTokens'), 1) },
      prompt_per_model_call: { waybill: round(sumOf(w, 'promptTokens') / sumOf(w, 'calls'), 1), plain: round(sumOf(p, 'promptTokens') / sumOf(p, 'calls'), 1) },
      plain_with_waybill_prompts: round(mean(plainWithWaybillPrompts), 1),
    },
    checkpoint_per_run: {
      waybill: { checkpoint_rows: round(mean(w.map((x) => x.cp.checkpointRows)), 1), write_rows: round(mean(w.map((x) => x.cp.writeRows)), 1), checkpoint_bytes: round(mean(w.map((x) => x.cp.checkpointBytes)), 0), write_bytes: round(mean(w.map((x) => x.cp.writeBytes)), 0) },
      plain: { checkpoint_rows: round(mean(p.map((x) => x.cp.checkpointRows)), 1), write_rows: round(mean(p.map((x) => x.cp.writeRows)), 1), checkpoint_bytes: round(mean(p.map((x) => x.cp.checkpointBytes)), 0), write_bytes: round(mean(p.map((x) => x.cp.writeBytes)), 0) },
      whole_file_totals_including_warmup: totals,
    },
    problems,
  };
  return { figures, details };
}
