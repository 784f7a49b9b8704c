// Figure 8: what the proof loop costs (issue 24). The same 12 read-only requests on the LangGraph
// runtime with the offline planner, with the loop on and off, on answers that pass first time (the
// plain planner) and on sabotaged ones (one fact altered in half of the workers' answers, seeded).
import { FactAlteringPlanner } from '../../dist/evals/exercises/fact-altering-planner.js';
import { PROOF_REQUESTS } from '../../dist/evals/exercises/proof-requests.js';
import { OfflinePlannerChatModel } from '../../dist/models/index.js';
import { openRuntime } from '../../dist/runtimes/open-runtime.js';
import { median, round, summarise } from '../lib/stats.mjs';

const REQUESTS = PROOF_REQUESTS;

// The loop on and off run the same request back to back (after a warm-up round), so neither pays
// for the JIT or the machine's other load more than the other.
async function measurePair(makeModel, rounds) {
  const on = await openRuntime('langgraph', { dbPath: ':memory:', model: makeModel(), proof: { enabled: true }, delegation: 'sequential' });
  const off = await openRuntime('langgraph', { dbPath: ':memory:', model: makeModel(), proof: { enabled: false }, delegation: 'sequential' });
  const results = { on: { ms: [], tokens: [], retries: 0, incomplete: 0, runs: 0 }, off: { ms: [], tokens: [], retries: 0, incomplete: 0, runs: 0 } };
  const once = async (runtime, into, input) => {
    const started = performance.now();
    const record = await runtime.ask({ input });
    if (!into) return;
    into.ms.push(performance.now() - started);
    into.tokens.push(record.usage.prompt_tokens + record.usage.completion_tokens);
    into.retries += (record.subtasks ?? []).reduce((sum, task) => sum + (task.verification?.retries ?? 0), 0);
    if (record.incomplete || record.status !== 'finished') into.incomplete += 1;
    into.runs += 1;
  };
  try {
    for (const input of REQUESTS) {
      await once(on, undefined, input);
      await once(off, undefined, input);
    }
    for (let round = 0; round < rounds; round += 1) {
      for (const input of REQUESTS) {
        await once(on, results.on, input);
        await once(off, results.off, input);
      }
    }
  } finally {
    await on.close();
    await off.close();
  }
  return results;
}

export async function run({ rounds = 3 } = {}) {
  const clean = await measurePair(() => new OfflinePlannerChatModel({}), rounds);
  const sabotaged = await measurePair(() => new FactAlteringPlanner({ rate: 0.5, seed: 7 }), rounds);
  const [cleanOn, cleanOff, sabotagedOn, sabotagedOff] = [clean.on, clean.off, sabotaged.on, sabotaged.off];
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const figure = (id, short, on, off) => ({
    id,
    short,
    repetitions: `${on.runs} runs each (${rounds} rounds of ${REQUESTS.length} requests)`,
    name: `${short}: median ms per run and mean tokens per run with the proof loop on; baseline: the loop off`,
    unit: 'ms/run',
    waybill: summarise(on.ms, 1),
    baseline: summarise(off.ms, 1),
    value: { waybill: median(on.ms), baseline: median(off.ms) },
    ratio: median(on.ms) / median(off.ms),
    ratio_label: 'time on ÷ off',
    target: null,
  });
  const summary = (m) => ({ runs: m.runs, median_ms: round(median(m.ms), 1), mean_tokens: round(mean(m.tokens), 0), retries: m.retries, incomplete_or_stopped: m.incomplete });
  return {
    figures: [figure('8a', 'Proof loop, answers right first time', cleanOn, cleanOff), figure('8b', 'Proof loop, one fact altered in half the answers', sabotagedOn, sabotagedOff)],
    details: {
      clean: { on: summary(cleanOn), off: summary(cleanOff), tokens_ratio: round(mean(cleanOn.tokens) / mean(cleanOff.tokens), 3) },
      sabotaged: { on: summary(sabotagedOn), off: summary(sabotagedOff), tokens_ratio: round(mean(sabotagedOn.tokens) / mean(sabotagedOff.tokens), 3) },
    },
  };
}
