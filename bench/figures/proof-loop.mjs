// Figure 8: what the proof loop costs (issue 24). The same 12 read-only requests on the LangGraph
// runtime with the offline planner, with the loop on and off, on answers that pass first time (the
// plain planner) and on sabotaged ones (one fact altered in half of the workers' answers, seeded).
import { FactAlteringPlanner } from '../../dist/evals/exercises/fact-altering-planner.js';
import { OfflinePlannerChatModel } from '../../dist/models/index.js';
import { openRuntime } from '../../dist/runtimes/open-runtime.js';
import { median, round, summarise } from '../lib/stats.mjs';

const REQUESTS = [
  'Де зараз посилка TTN-000001?',
  'why is TTN-000005 delayed?',
  'Статус TTN-000002',
  'status of TTN-000007',
  'Скільки SKU-1001 на складах?',
  'How many SKU-1002 are in stock?',
  'How much is 8 kg from Odesa to Kharkiv express?',
  'Вартість 3 кг з Києва до Львова standard',
  'Статус TTN-000001 і залишок SKU-1001',
  'where is TTN-000005 and what does 2 kg Kyiv to Dnipro overnight cost?',
  'history of TTN-000003',
  'SKU-1001 in Lviv',
];

async function measure(model, enabled, rounds) {
  const runtime = await openRuntime('langgraph', { dbPath: ':memory:', model, proof: { enabled }, delegation: 'sequential' });
  const ms = [];
  const tokens = [];
  let retries = 0;
  let incomplete = 0;
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const input of REQUESTS) {
        const started = performance.now();
        const record = await runtime.ask({ input });
        ms.push(performance.now() - started);
        tokens.push(record.usage.prompt_tokens + record.usage.completion_tokens);
        retries += (record.subtasks ?? []).reduce((sum, task) => sum + (task.verification?.retries ?? 0), 0);
        if (record.incomplete || record.status !== 'finished') incomplete += 1;
      }
    }
  } finally {
    await runtime.close();
  }
  return { ms, tokens, retries, incomplete, runs: ms.length };
}

export async function run({ rounds = 3 } = {}) {
  const cleanOn = await measure(new OfflinePlannerChatModel({}), true, rounds);
  const cleanOff = await measure(new OfflinePlannerChatModel({}), false, rounds);
  const sabotagedOn = await measure(new FactAlteringPlanner({ rate: 0.5, seed: 7 }), true, rounds);
  const sabotagedOff = await measure(new FactAlteringPlanner({ rate: 0.5, seed: 7 }), false, rounds);
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
