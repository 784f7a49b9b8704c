// One line per missed target, written from what this run measured: where the time, tokens, bytes or
// memory go. Figures that meet their target get no note.

const n = (x, digits = 1) => (typeof x === 'number' ? x.toFixed(digits) : String(x));
const profileOf = (profile = {}, prefix) => Object.entries(profile).find(([name]) => name.startsWith(prefix))?.[1] ?? 0;

function orchestrationNote(figure, d, which) {
  const cp = d.checkpoint_per_run;
  const prof = d.cpu_profile_self_ms_per_run ?? {};
  const lc = (b) => profileOf(prof[b], 'LangGraph / LangChain');
  const store = (b) => profileOf(prof[b], 'LangGraph checkpointer') + profileOf(prof[b], 'SQLite');
  const model = (b) => profileOf(prof[b], 'model');
  const policy = (b) => profileOf(prof[b], 'waybill policy layer');
  const normal = d.with_checkpointer_synchronous_normal?.median_ms;
  return (
    `${which}: Waybill ${n(figure.value.waybill)} ms vs plain ${n(figure.value.baseline)} ms with the same model calls per run ` +
    `(${n(d.model_calls_per_run.waybill.mean, 2)} vs ${n(d.model_calls_per_run.plain.mean, 2)}). Graph shape: supervisor ${d.supervisor_graph_nodes.waybill.length} nodes vs ${d.supervisor_graph_nodes.plain.length} ` +
    `(the policy middleware runs inside the model and tool nodes); ` +
    `${n(cp.waybill.checkpoint_rows)} checkpoints + ${n(cp.waybill.write_rows)} write rows per run vs ${n(cp.plain.checkpoint_rows)} + ${n(cp.plain.write_rows)}. ` +
    `CPU profile, self ms per run Waybill vs plain: LangGraph/LangChain ${n(lc('waybill'))} vs ${n(lc('plain'))}, checkpointer+SQLite ${n(store('waybill'))} vs ${n(store('plain'))}, ` +
    `model ${n(model('waybill'))} vs ${n(model('plain'))} (longer prompts to plan and count), Waybill's own policy code ${n(policy('waybill'))}. ` +
    (normal ? `With the checkpointer at synchronous=NORMAL (SqliteSaver keeps SQLite's FULL) both builds are faster (${n(normal.waybill)} vs ${n(normal.plain)} ms) but the ratio stays ${n(normal.ratio, 2)}.` : '')
  );
}

const NOTES = {
  '1a': (f, d) => orchestrationNote(f, d.orchestration, '1a median'),
  '1b': (f, d) => {
    const groups = Object.entries(d.orchestration.median_ms_by_model_calls ?? {})
      .map(([calls, g]) => `${calls} model calls ${n(g.waybill)} vs ${n(g.plain)} ms (${n(g.ratio, 2)}×, ${g.runs} runs)`)
      .join(', ');
    return `1b p95: Waybill ${n(f.value.waybill)} ms vs plain ${n(f.value.baseline)} ms; the tail is the multi-intent runs (see 1a): median by run size ${groups}.`;
  },
  '2': (f, d) => {
    const t = d.orchestration.tokens_per_request;
    const prompts = t.plain_with_waybill_prompts - f.value.baseline;
    const envelopes = f.value.waybill - t.plain_with_waybill_prompts;
    const split =
      t.plain_with_waybill_prompts === null
        ? 'the prompts-vs-envelopes split was not measured (see problems). '
        : `Waybill's longer system prompts and agent-tool descriptions account for ${n(prompts)} tokens per request (plain build with Waybill's prompts: ${n(t.plain_with_waybill_prompts)}), ` +
          `the <data> envelopes around every tool result and worker answer (wrapAsData) for ${n(envelopes)}. `;
    return (
      `2 tokens: Waybill ${n(f.value.waybill)} vs plain ${n(f.value.baseline)} per request with identical completions (${n(t.completion.waybill)} vs ${n(t.completion.plain)}); ` +
      `all of the difference is prompt (${n(t.prompt_per_model_call.waybill)} vs ${n(t.prompt_per_model_call.plain)} tokens per model call): ${split}` +
      'A ratio below 1 would need a baseline that wastes tokens; this agents-as-tools baseline already gives each worker only its sub-request.'
    );
  },
  '3a': (f, d) => {
    const cp = d.orchestration.checkpoint_per_run;
    return (
      `3a checkpoint bytes: Waybill ${n(f.value.waybill / 1024)} KB vs plain ${n(f.value.baseline / 1024)} KB per run: ${n(cp.waybill.checkpoint_rows)} vs ${n(cp.plain.checkpoint_rows)} checkpoints per run ` +
      `(one per super-step) and every checkpoint stores the whole messages channel again, which is longer in Waybill because tool results and worker answers ` +
      `are wrapped as data; checkpoint blobs ${n(cp.waybill.checkpoint_bytes / 1024)} vs ${n(cp.plain.checkpoint_bytes / 1024)} KB, write blobs ${n(cp.waybill.write_bytes / 1024)} vs ${n(cp.plain.write_bytes / 1024)} KB.`
    );
  },
  '5': (f, d) => {
    const c = d.concurrency;
    return (
      `5 concurrency: ${c.concurrency} runs took ${n(f.value.waybill, 0)} ms against a ${f.value.baseline} ms critical path; the process burned ${n(c.process_cpu_ms_per_batch.median, 0)} ms of CPU per batch ` +
      `(${n(c.process_cpu_ms_per_run)} ms per run, oracle included) on one event loop, so the batch is CPU-bound, not latency-bound. ` +
      `The plain build under the same conditions took ${n(c.plain_same_conditions.wall_ms.median, 0)} ms (${n(c.plain_same_conditions.ratio_to_ideal, 2)}× ideal); ` +
      `Waybill with the oracle in its own process ${n(c.waybill_with_oracle_in_child_process.wall_ms.median, 0)} ms (${n(c.waybill_with_oracle_in_child_process.ratio_to_ideal, 2)}×).`
    );
  },
  '6': (f, d) => {
    const m = d['paused-memory'];
    const plain = m.plain_build_finished_runs_per_1000;
    return (
      `6 memory: RSS grew ${n(f.value.waybill, 2)} MB per 1000 paused runs and ${n(f.value.baseline, 2)} MB per 1000 finished runs (paused ÷ finished ${n(f.ratio, 2)}), ` +
      `the plain build ${n(plain.rss_mb.median, 2)} MB per 1000 finished runs; V8 heap after GC grew ${n(m.heap_used_mb_per_1000.paused.median, 2)} (paused) / ${n(m.heap_used_mb_per_1000.finished.median, 2)} (finished) / ` +
      `${n(plain.heap_used_mb.median, 2)} (plain) MB per 1000: the growth comes with every run, not with pausing, and is the same without Waybill's layer. bench/diagnostics/heap-diff.mjs ` +
      "finds about 9-10 KB of heap kept per run in all three cases; part of it is one AbortController per worker invocation with its AbortSignals, held by Node's internal gcPersistentSignals set " +
      "because LangGraph's combineAbortSignals() leaves an abort listener on an AbortSignal.any() signal (Pregel.stream never calls its dispose(); cf. nodejs/node#55351, #64481). " +
      'RSS grows more than the heap: SQLite page caches of the four connections fill as the file grows, and freed memory is not returned to the OS.'
    );
  },
};

// A target met by less than this fraction is reported as narrowly met: the next run may miss it.
const NARROW = 0.1;

const passes = (op, x, target) => ({ '<=': x <= target, '>=': x >= target, '<': x < target, '>': x > target })[op];

/** Met, but by less than NARROW, or not by every round (the next run may miss it). */
function narrowlyMet(figure, details) {
  const { target } = figure;
  // Paused runs: also when the growth over the whole figure (paused and finished together) misses.
  const net = figure.id === '6' ? details['paused-memory']?.rss_mb?.net_growth_per_1000_runs_of_either_kind : undefined;
  if (figure.met === true && target && typeof net === 'number' && !passes(target.op, net, target.value)) return true;
  if (figure.met !== true || !target) return false;
  const x = target.applies_to === 'value' ? figure.value.waybill : figure.ratio;
  if (Math.abs(x - target.value) < NARROW * target.value) return true;
  const rounds = target.applies_to === 'value' ? figure.waybill : figure.ratio_per_round;
  if (!rounds || typeof rounds.min !== 'number') return false;
  return !passes(target.op, rounds.min, target.value) || !passes(target.op, rounds.max, target.value);
}

const NARROW_NOTES = {
  '6': (f, d) => {
    const m = d['paused-memory'];
    return (
      `6 memory: met narrowly, ${n(f.value.waybill, 2)} MB per 1000 paused runs (rounds ${n(f.waybill.min, 2)} to ${n(f.waybill.max, 2)}; over the whole figure, paused and finished runs together, ` +
      `${n(m.rss_mb.net_growth_per_1000_runs_of_either_kind, 2)} MB per 1000); finished runs grow RSS ${n(f.value.baseline, 2)} MB per 1000 ` +
      `and the plain build ${n(m.plain_build_finished_runs_per_1000.rss_mb.median, 2)}, the V8 heap ${n(m.heap_used_mb_per_1000.paused.median, 2)} / ${n(m.heap_used_mb_per_1000.finished.median, 2)} / ` +
      `${n(m.plain_build_finished_runs_per_1000.heap_used_mb.median, 2)} MB: the growth comes with every run (LangGraph/Node, see bench/diagnostics/heap-diff.mjs), not with pausing.`
    );
  },
};

export function notesFor(figures, details) {
  const notes = [];
  for (const figure of figures) {
    if (narrowlyMet(figure, details)) {
      const note = NARROW_NOTES[figure.id];
      notes.push(note ? note(figure, details) : `${figure.id}: target met narrowly (within ${NARROW * 100}%).`);
      continue;
    }
    if (figure.met !== false) continue;
    const note = NOTES[figure.id];
    try {
      notes.push(note ? note(figure, details) : `${figure.id}: target missed (no explanation written for this figure).`);
    } catch (error) {
      notes.push(`${figure.id}: target missed; writing the explanation failed (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
  return notes;
}
