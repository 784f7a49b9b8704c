import { api } from './api.js';
import type { RunList } from './api-types.js';
import { W } from './console-state.js';
import { fmtMs, fmtUsd } from './format.js';
import { h } from './h.js';
import { bucketize, costChart, durationChart, legend, PALETTE, quantile, stopReasonChart } from './metrics-charts.js';
import { show } from './widgets.js';

/**
 * The metrics page, drawn as inline SVG from the tenant's latest 500 runs: runs by stop reason over
 * time, p50/p95 duration over time, and cost per run. (Prometheus gets `/metrics`.)
 */
W.pages.metrics = async function (_params, me) {
  const data = await api<RunList>('GET', '/v1/runs?limit=500');
  const runs = data.runs.slice().reverse();
  if (!runs.length) return show(h('h1', {}, 'Metrics'), h('p', { class: 'muted' }, 'No runs yet.'));
  const reasons: string[] = [];
  for (const r of runs) if (!reasons.includes(r.stop_reason)) reasons.push(r.stop_reason);
  const buckets = bucketize(runs);
  const durations = runs.map((r) => r.duration_ms).sort((a, b) => a - b);
  // A paused or decided run has not ended: the completion rate counts only runs that did.
  const ended = runs.filter((r) => r.status !== 'awaiting_approval' && r.status !== 'decided');
  const finished = ended.filter((r) => r.status === 'finished').length;
  const cost = runs.reduce((s, r) => s + r.usage.usd, 0);
  const summary = h('dl', { class: 'kv', id: 'metrics-summary' },
    [['Runs', String(runs.length)], ['Completion rate', ended.length ? `${Math.round((finished / ended.length) * 100)}%` : '–'],
      ['p50 duration', fmtMs(quantile(durations, 0.5))], ['p95 duration', fmtMs(quantile(durations, 0.95))],
      ['Mean cost per run', fmtUsd(cost / runs.length)], ['Total cost', fmtUsd(cost)]]
      .map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]));
  show(h('h1', {}, 'Metrics'), h('p', { class: 'muted' }, `From the latest ${runs.length} runs of tenant ${me.tenant}. Prometheus scrapes /metrics.`),
    h('div', { class: 'grid2' },
      h('div', { class: 'card' }, h('h2', {}, 'Summary'), summary),
      h('div', { class: 'card' }, h('h2', {}, 'Runs by stop reason over time'), stopReasonChart(buckets, reasons), legend(reasons)),
      h('div', { class: 'card' }, h('h2', {}, 'Duration p50 / p95'), durationChart(buckets), legend(['p50', 'p95'], [PALETTE[0], PALETTE[3]])),
      h('div', { class: 'card' }, h('h2', {}, 'Cost per run (latest 60)'), costChart(runs))));
};
