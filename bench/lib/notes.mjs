// One line per missed target, written from what this run measured: where the time, tokens, bytes or
// memory go. Figures that meet their target get no note.

const n = (x, digits = 1) => (typeof x === 'number' ? x.toFixed(digits) : String(x));

// The components where Waybill's CPU profile spends more self time per run than the baseline's, largest first.
function profileDiff(d, base) {
  const prof = d.cpu_profile_self_ms_per_run ?? {};
  const w = prof.waybill ?? {};
  const p = prof[base] ?? {};
  return Object.keys({ ...w, ...p })
    .map((name) => [name, (w[name] ?? 0) - (p[name] ?? 0), w[name] ?? 0, p[name] ?? 0])
    .sort((a, b) => b[1] - a[1])
    .map(([name, diff, wm, pm]) => `${name} ${n(wm)} vs ${n(pm)} (${diff >= 0 ? '+' : ''}${n(diff)})`)
    .join('; ');
}

// Process CPU per run split into the main thread and V8's background threads (compiler, GC helpers).
function threadNote(byThread, base) {
  const line = (phase, label) => {
    const w = byThread?.[phase]?.waybill;
    const p = byThread?.[phase]?.[base];
    return w && p ? `${label} main thread ${n(w.main_thread_ms_per_run, 2)} vs ${n(p.main_thread_ms_per_run, 2)} ms, background threads ${n(w.background_threads_ms_per_run, 2)} vs ${n(p.background_threads_ms_per_run, 2)} ms` : '';
  };
  const parts = [line('steady', 'after warm-up:'), line('warm_up', 'during the warm-up passes (figure 1d):')].filter(Boolean);
  return parts.length > 0 ? `CPU per run by thread, Waybill vs ${PLAIN[base]}: ${parts.join('; ')}. ` : '';
}

// The orchestration figures' two baselines (figures/orchestration.mjs): which figure is against which.
const PLAIN = { plain_exit: 'plain at exit', plain: 'plain at its default' };
const baseOf = (figure) => (/at exit/.test(figure.ratio_label ?? '') ? 'plain_exit' : 'plain');

function orchestrationNote(figure, d, which) {
  const cp = d.checkpoint_per_run;
  const base = baseOf(figure);
  const rounds = figure.ratio_per_round ? ` (per-round ratios ${n(figure.ratio_per_round.min, 2)} / ${n(figure.ratio_per_round.median, 2)} / ${n(figure.ratio_per_round.max, 2)})` : '';
  return (
    `${which}: Waybill ${n(figure.value.waybill)} ms vs ${PLAIN[base]} ${n(figure.value.baseline)} ms${rounds} with model calls per run ` +
    `(${n(d.model_calls_per_run.waybill.mean, 2)} vs ${n(d.model_calls_per_run[base].mean, 2)}); ${n(cp.waybill.checkpoint_rows)} checkpoints + ${n(cp.waybill.write_rows)} write rows per run vs ${n(cp[base].checkpoint_rows)} + ${n(cp[base].write_rows)}. ` +
    `${threadNote(d.cpu_by_thread, base)}CPU profile, self ms per run Waybill vs ${PLAIN[base]}, by component: ${profileDiff(d, base)}. What Waybill adds is its policy layer (input and tool-result scans, the proof loop's evidence and checks, ` +
    'the run record, audit events and control reads)' +
    (base === 'plain' ? '; what it saves against the default is checkpoint serialisation and SQLite writes (durability "exit", statements compiled once).' : '; at equal durability there is no checkpointing to save, so all of it shows.')
  );
}

function checkpointNote(figure, d) {
  const cp = d.orchestration.checkpoint_per_run;
  const base = baseOf(figure);
  return (
    `${figure.id} checkpoint bytes: Waybill ${n(figure.value.waybill / 1024)} KB vs ${PLAIN[base]} ${n(figure.value.baseline / 1024)} KB per run: ` +
    `${n(cp.waybill.checkpoint_rows)} checkpoints (${n(cp.waybill.checkpoint_bytes / 1024)} KB) + ${n(cp.waybill.write_rows)} write rows (${n(cp.waybill.write_bytes / 1024)} KB) vs ` +
    `${n(cp[base].checkpoint_rows)} (${n(cp[base].checkpoint_bytes / 1024)} KB) + ${n(cp[base].write_rows)} (${n(cp[base].write_bytes / 1024)} KB); a final checkpoint holds the whole message list, so Waybill's longer prompts weigh in it (Waybill's checkpoint is stored deflated, plain's as LangGraph's default serializer writes it).`
  );
}

// Where the guards' time goes, part by part, and how fast the machine was (the lower-casing pass).
function guardsNote(figure, g) {
  const each = Object.entries(g.mb_per_s_each)
    .map(([part, mbps]) => `${part.replace('_', ' ')} ${n(mbps.median, 2)} MB/s (${n((1000 / mbps.median) * (g.text_bytes_utf8 / 1048576), 0)} ms a scan)`)
    .join(', ');
  return (
    `7 guards: ${n(figure.value.waybill, 2)} MB/s (scans ${n(figure.waybill.min, 2)} to ${n(figure.waybill.max, 2)}), the parts alone: ${each}; ` +
    `one lower-casing pass ran at ${n(figure.value.baseline, 0)} MB/s in the same process (${n(g.ms_per_mb.lowercase, 2)} ms per MB), so the machine's speed moves this figure. ` +
    `CPU profile of the whole guard, self ms per scan: ${Object.entries(g.cpu_profile_self_ms_per_scan ?? {})
      .map(([name, ms]) => `${name} ${n(ms, 1)}`)
      .join(', ')} (docs/policy.md says what each pass is for).`
  );
}

function concurrencyNote(figure, d) {
  const c = d.concurrency;
  const at = c.by_latency?.[figure.id === '5a' || figure.id === '5b' ? 1000 : 100];
  const plainBatch = at?.batch_ms?.plain.median;
  const plainSolo = at?.slowest_solo_ms?.plain.median;
  const plainRatio = typeof plainBatch === 'number' && typeof plainSolo === 'number' ? ` The plain build's batch took ${n(plainBatch / plainSolo, 2)}× its own slowest solo run.` : '';
  return (
    `${figure.id} ${figure.short}: ${n(figure.value.waybill, 0)} ms vs ${n(figure.value.baseline, 0)} ms (per-round ratios ${n(figure.ratio_per_round.min, 2)} / ${n(figure.ratio_per_round.median, 2)} / ${n(figure.ratio_per_round.max, 2)}); ` +
    `the process used ${n(at?.process_cpu_ms_per_run.waybill)} ms CPU per Waybill run and ${n(at?.process_cpu_ms_per_run.plain)} per plain run, so a batch of ${c.concurrency} needs ` +
    `${n(((at?.process_cpu_ms_per_run.waybill ?? 0) * c.concurrency) / 1000, 2)} s of CPU on one event loop, most of it LangGraph/LangChain in both builds (figure 1c's profile), ` +
    `against the model waits; the machine's load average is in latest.json.${plainRatio}`
  );
}

function queueNote(figure, d) {
  const q = d.queue;
  const setups = Object.entries(q.setups).map(([name, x]) => `${name.replace('_', ' ')} ${n(x.cpu_ms_per_run)} ms CPU/run, ${n(x.throughput_runs_per_s, 2)} runs/s, peak RSS ${x.peak_rss_mb.join(' + ')} MB`);
  return (
    `${figure.id} ${figure.short}: ${n(figure.value.waybill)} vs ${n(figure.value.baseline)} (${figure.ratio_label}); ${setups.join('; ')}. ` +
    `A worker's CPU also pays for what in-process runs skip: fetching and completing each job, renewing its lease and tenant slot, the queue's maintenance and the recovery loop; ` +
    `load average ${q.load_average.at_start.join(' ')} at the group's start, ${q.load_average.at_end.join(' ')} at its end.`
  );
}

function startupNote(figure, d) {
  const s = d.startup;
  const each = s.commands.map((c) => `${c.command} ${n(c.seconds.median, 2)} s wall, ${n(c.cpu_seconds?.median, 2)} s CPU`).join('; ');
  return `${figure.id} ${figure.short}: ${each}; load average ${s.load_average.at_start.join(' ')} at the start, ${s.load_average.at_end.join(' ')} at the end (wall time is for an idle machine; the CPU ratios hold under load).`;
}

function postgresNote(figure, p) {
  const server = p.server_cpu_ms_per_run?.postgres;
  return `${figure.id} PostgreSQL: median ${n(p.median_ms.postgres)} ms per run with every commit flushed, ${n(p.median_ms.postgres_synchronous_commit_off)} ms at synchronous_commit=off, vs SQLite ${n(p.median_ms.sqlite)} ms; this process's CPU per run ${n(p.client_cpu_ms_per_run.postgres)} vs ${n(p.client_cpu_ms_per_run.sqlite)} ms${server === null || server === undefined ? '' : `, the server's ${n(server)} ms`}; ${n(p.round_trips_per_run.postgres)} round trips and ${n(p.write_commits_per_run.postgres)} flushed commits a run: the rest of the wall time is waiting on them (docs/postgresql.md).`;
}

function channelNote(figure, d, key, path) {
  const varied = d.guards.guard_scan.result.varied_real_text;
  const both = varied.by_channel[key];
  return `${figure.id} guards, ${path}: ${n(figure.value.waybill, 2)} MB/s over ${varied.documents.texts} documents and ${varied.corpora.texts} corpus texts (${n(both.ms)} ms of CPU for ${n(both.bytes / 1_048_576, 2)} MB); one lower-casing pass ran at ${n(figure.value.baseline, 0)} MB/s in that process, so the machine's speed moves this figure as it moves 7b.`;
}

const NOTES = {
  '9a': (f, d) => queueNote(f, d),
  '10a': (f, d) => startupNote(f, d),
  '10b': (f, d) => startupNote(f, d),
  '10c': (f, d) => startupNote(f, d),
  '13': (f, d) => postgresNote(f, d.postgres),
  '13b': (f, d) => postgresNote(f, d.postgres),
  '7b': (f, d) => {
    const g = d.guards.guard_scan;
    return `7b guards: ${n(f.value.waybill, 2)} MB/s from bench/guard-scan.mjs's ${g.field_used_for_7b}${g.varied_text_reported ? '' : ' (one line repeated: guard-scan.mjs reports no varied text yet)'}; one lower-casing pass of it ran at ${n(f.value.baseline, 0)} MB/s in that process, so the machine's speed moves this figure.`;
  },
  '7d': (f, d) => channelNote(f, d, 'user', 'the input path: injection scan and redaction'),
  '7e': (f, d) => channelNote(f, d, 'third_party', 'the third-party path: taint scan and redaction'),
  '1a': (f, d) => orchestrationNote(f, d.orchestration, '1a median wall time'),
  '1c': (f, d) => orchestrationNote(f, d.orchestration, '1c CPU per run'),
  '1e': (f, d) => orchestrationNote(f, d.orchestration, '1e median wall time'),
  '1f': (f, d) => orchestrationNote(f, d.orchestration, '1f CPU per run'),
  '2': (f, d) => {
    const t = d.orchestration.tokens_per_request;
    const calls = d.orchestration.model_calls_per_run;
    return (
      `2 tokens: Waybill ${n(f.value.waybill)} vs plain ${n(f.value.baseline)} per request with identical completions (completion tokens ${n(t.completion.waybill)} vs ${n(t.completion.plain)}); ` +
      `prompt ${n(t.prompt.waybill)} vs ${n(t.prompt.plain)} per request over ${n(calls.waybill.mean, 2)} vs ${n(calls.plain_exit.mean, 2)} model calls (${n(t.prompt_per_model_call.waybill)} vs ${n(t.prompt_per_model_call.plain)} per call). ` +
      "Waybill's prompts carry its role prompts, the delegation contract, the <data> note around tool results and worker answers and search_policies' schema; " +
      'it saves the second supervisor call after one clean, verified delegation and the tools a worker is not offered (cancel_shipment unless the request asks to cancel).'
    );
  },
  '3a': checkpointNote,
  '3d': checkpointNote,
  '5a': (f, d) => concurrencyNote(f, d),
  '5b': (f, d) => concurrencyNote(f, d),
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
  '7': (f, d) => guardsNote(f, d.guards),
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
  '7': NOTES['7'],
  '1a': NOTES['1a'],
  '1c': NOTES['1c'],
  '1e': NOTES['1e'],
  '1f': NOTES['1f'],
  '2': NOTES['2'],
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
