// Figure 6: memory held by runs left awaiting approval. RSS (and V8 heap) growth per 1000 paused runs on
// distinct threads, after a full GC; baseline: the same growth per 1000 runs that finish. Needs
// --expose-gc (run-all starts this figure's process with it).
import { OfflinePlannerChatModel } from '../../dist/models/index.js';
import { openPlain, openWaybill } from '../lib/builds.mjs';
import { FIXED_REQUESTS, PAUSE_REQUEST } from '../lib/requests.mjs';
import { median, round, summarise } from '../lib/stats.mjs';
import { tempDir } from '../lib/temp-db.mjs';

const MB = 1024 * 1024;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Full collections with pauses between them: V8 frees pages on background threads, and WeakRef targets
// stay alive until the current job ends, so collecting inside one chain of microtasks would undercount.
async function settledMemory() {
  for (let i = 0; i < 4; i += 1) {
    globalThis.gc?.();
    await sleep(50);
  }
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external };
}

/**
 * A memory meter with contiguous readings: each phase's growth is measured from the previous phase's
 * end, so the phases add up to the growth over the whole figure.
 */
async function memoryMeter() {
  let last = await settledMemory();
  return {
    start: last,
    async phase(label, count, runOne) {
      for (let i = 0; i < count; i += 1) await runOne(`${label}-${i}`, i);
      const now = await settledMemory();
      const per1000 = (key) => ((now[key] - last[key]) / MB) * (1000 / count);
      const growth = { rssMb: per1000('rss'), heapMb: per1000('heapUsed'), externalMb: per1000('external') };
      last = now;
      return growth;
    },
    get last() {
      return last;
    },
  };
}

/** Diagnostic: the plain build's growth per 1000 finished runs, in the same process, after Waybill's. */
async function plainGrowth(tmp, count, rounds) {
  const plain = await openPlain({ dbPath: tmp.newDb('paused-plain'), model: new OfflinePlannerChatModel({}) });
  try {
    const ask = (threadId, i) => plain.ask(FIXED_REQUESTS[i % FIXED_REQUESTS.length], threadId);
    for (let i = 0; i < 50; i += 1) await ask(`plain-warm-${i}`, i);
    const meter = await memoryMeter();
    const growth = [];
    for (let r = 0; r < rounds; r += 1) growth.push(await meter.phase(`plain-${r}`, count, ask));
    return growth;
  } finally {
    await plain.close();
  }
}

export async function run({ paused = 1000, finished = 400, rounds = 3, warmup = 200, plainRounds = 2 } = {}) {
  if (typeof globalThis.gc !== 'function') throw new Error('paused-memory needs node --expose-gc');
  const tmp = tempDir();
  const waybill = await openWaybill({ dbPath: tmp.newDb('paused'), model: new OfflinePlannerChatModel({}) });
  const problems = [];
  const pause = async (threadId) => {
    const record = await waybill.ask(PAUSE_REQUEST, threadId);
    if (record.status !== 'awaiting_approval') problems.push(`${threadId} ended ${record.stop_reason}`);
  };
  const finish = async (threadId, i) => {
    const record = await waybill.ask(FIXED_REQUESTS[i % FIXED_REQUESTS.length], threadId);
    if (record.status !== 'finished') problems.push(`${threadId} ended ${record.stop_reason}`);
  };
  try {
    // Warm-up: JIT, statement caches and SQLite page caches fill before anything is counted.
    for (let i = 0; i < warmup; i += 1) await pause(`warm-p-${i}`);
    for (let i = 0; i < warmup / 4; i += 1) await finish(`warm-f-${i}`, i);
    const meter = await memoryMeter();
    const pausedRounds = [];
    const finishedRounds = [];
    for (let r = 0; r < rounds; r += 1) {
      pausedRounds.push(await meter.phase(`p${r}`, paused, pause));
      finishedRounds.push(await meter.phase(`f${r}`, finished, finish));
    }
    const { start } = meter;
    const end = meter.last;
    const stillPaused = await waybill.opened.runtime.state(`p0-0`);
    if (stillPaused.status !== 'awaiting_approval') problems.push('the first paused thread is no longer awaiting approval');
    const plain = await plainGrowth(tmp, finished, plainRounds);
    const rss = pausedRounds.map((x) => x.rssMb);
    const baseRss = finishedRounds.map((x) => x.rssMb);
    return {
      figures: [
        {
          id: '6',
          short: 'RSS per 1000 paused runs',
          repetitions: `${rounds} rounds of ${paused} paused runs (baseline: ${rounds} rounds of ${finished} finished runs, scaled to 1000), after ${warmup + warmup / 4} warm-up runs`,
          name: 'RSS growth per 1000 runs left awaiting approval (after GC); baseline: per 1000 finished runs',
          unit: 'MB per 1000 runs',
          waybill: summarise(rss, 2),
          baseline: summarise(baseRss, 2),
          value: { waybill: median(rss), baseline: median(baseRss) },
          ratio: median(rss) / median(baseRss),
          ratio_label: 'paused ÷ finished',
          target: { op: '<', value: 5, applies_to: 'value' },
        },
      ],
      details: {
        rounds,
        paused_runs_per_round: paused,
        finished_runs_per_round: finished,
        warmup_runs: warmup + warmup / 4,
        request: PAUSE_REQUEST,
        heap_used_mb_per_1000: { paused: summarise(pausedRounds.map((x) => x.heapMb), 2), finished: summarise(finishedRounds.map((x) => x.heapMb), 2) },
        external_mb_per_1000: { paused: summarise(pausedRounds.map((x) => x.externalMb), 2), finished: summarise(finishedRounds.map((x) => x.externalMb), 2) },
        plain_build_finished_runs_per_1000: { rounds: plainRounds, runs_per_round: finished, rss_mb: summarise(plain.map((x) => x.rssMb), 2), heap_used_mb: summarise(plain.map((x) => x.heapMb), 2) },
        rss_mb: {
          after_warmup: round(start.rss / MB, 1),
          at_end: round(end.rss / MB, 1),
          net_growth_per_1000_runs_of_either_kind: round(((end.rss - start.rss) / MB) * (1000 / (rounds * (paused + finished))), 2),
          paused_threads_at_end: rounds * paused + warmup,
        },
        heap_used_mb: { after_warmup: round(start.heapUsed / MB, 1), at_end: round(end.heapUsed / MB, 1) },
        problems: problems.slice(0, 10),
      },
    };
  } finally {
    await waybill.close();
    tmp.remove();
  }
}
