import type { RunRecord } from './api-types.js';
import { fmtMs, fmtTime, fmtUsd } from './format.js';
import type { Child } from './h.js';
import { h } from './h.js';

/** Series colours, in the order the legend lists them. */
export const PALETTE = ['#1f5eff', '#0a7d3b', '#b54708', '#b42318', '#7a5af8', '#0e9384', '#c11574', '#667085', '#e04f16', '#3b7c0f'] as const;
const color = (i: number): string => PALETTE[i % PALETTE.length] ?? PALETTE[0];
// The charts' coordinate box (the SVG scales to its card) and the margin for the axis labels.
const CW = 560;
const CH = 200;
const PAD = 34;

/** The nearest-rank quantile of ascending `sorted`; 0 for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] ?? 0;
}

/** A time bucket (`t`, its start in epoch ms) and the runs that started in it. */
interface Bucket {
  t: number;
  runs: RunRecord[];
}

/** Runs grouped in time buckets of whole minutes, about twelve over the span. */
export function bucketize(runs: readonly RunRecord[]): Bucket[] {
  const times = runs.map((r) => Date.parse(r.started_at));
  const min = Math.min(...times);
  const max = Math.max(...times);
  const size = Math.max(60000, Math.ceil((max - min + 1) / 12 / 60000) * 60000);
  const start = Math.floor(min / size) * size;
  const count = Math.floor((max - start) / size) + 1;
  const buckets: Bucket[] = [];
  for (let i = 0; i < count; i++) buckets.push({ t: start + i * size, runs: [] });
  runs.forEach((r, k) => buckets[Math.floor(((times[k] ?? start) - start) / size)]?.runs.push(r));
  return buckets;
}

function axes(maxY: number, label: (n: number) => string, times: readonly number[]): SVGElement[] {
  const g: SVGElement[] = [h('line', { x1: PAD, y1: CH - PAD, x2: CW - 4, y2: CH - PAD, stroke: '#98a2b3' }), h('line', { x1: PAD, y1: 6, x2: PAD, y2: CH - PAD, stroke: '#98a2b3' }),
    h('text', { x: 2, y: 14 }, label(maxY)), h('text', { x: 2, y: CH - PAD }, '0')];
  const first = times[0];
  const last = times[times.length - 1];
  if (first !== undefined && last !== undefined) {
    g.push(h('text', { x: PAD, y: CH - PAD + 14 }, fmtTime(new Date(first).toISOString()).slice(5, 16)));
    g.push(h('text', { x: CW - 110, y: CH - PAD + 14 }, fmtTime(new Date(last).toISOString()).slice(5, 16)));
  }
  return g;
}

/** Colour swatches with names; `colors` defaults to the palette in order. */
export function legend(names: readonly string[], colors: readonly string[] = PALETTE): HTMLDivElement {
  return h('div', { class: 'legend' }, names.map((n, i) => {
    const sw = h('i', {});
    // A style property, not a style attribute: the CSP allows no inline style attributes.
    sw.style.background = colors[i % PALETTE.length] ?? '';
    return h('span', {}, sw, n);
  }));
}

const chart = (id: string, label: string, ...children: Child[]): SVGSVGElement =>
  h('svg', { viewBox: `0 0 ${CW} ${CH}`, width: '100%', id, role: 'img', 'aria-label': label }, children);

/** Stacked bars: runs per bucket, coloured by stop reason. */
export function stopReasonChart(buckets: readonly Bucket[], reasons: readonly string[]): SVGSVGElement {
  const maxY = Math.max(1, ...buckets.map((b) => b.runs.length));
  const bw = Math.min(48, (CW - PAD - 8) / buckets.length);
  const bars: SVGElement[] = [];
  buckets.forEach((b, i) => {
    let y = CH - PAD;
    reasons.forEach((reason, j) => {
      const n = b.runs.filter((r) => r.stop_reason === reason).length;
      if (!n) return;
      const hgt = (n / maxY) * (CH - PAD - 8);
      y -= hgt;
      bars.push(h('rect', { x: PAD + 2 + i * bw, y, width: Math.max(2, bw - 3), height: hgt, fill: color(j) }, h('title', {}, `${reason}: ${n}`)));
    });
  });
  return chart('chart-stop-reasons', 'runs by stop reason over time', axes(maxY, String, buckets.map((b) => b.t)), bars);
}

/** Two lines: p50 and p95 duration per bucket (buckets with no runs are skipped). */
export function durationChart(buckets: readonly Bucket[]): SVGSVGElement {
  const points = buckets.map((b) => {
    const d = b.runs.map((r) => r.duration_ms).sort((x, y) => x - y);
    return { p50: quantile(d, 0.5), p95: quantile(d, 0.95), n: d.length };
  });
  const maxY = Math.max(1, ...points.map((p) => p.p95));
  const step = buckets.length > 1 ? (CW - PAD - 12) / (buckets.length - 1) : 0;
  const line = (key: 'p50' | 'p95', stroke: string): SVGElement[] => {
    const pts = points.flatMap((p, i) => (p.n ? [[PAD + 4 + i * step, CH - PAD - (p[key] / maxY) * (CH - PAD - 8)] as const] : []));
    return [h('polyline', { points: pts.map(([x, y]) => `${x},${y}`).join(' '), fill: 'none', stroke, 'stroke-width': 2 }),
      ...pts.map(([cx, cy]) => h('circle', { cx, cy, r: 2.5, fill: stroke }))];
  };
  return chart('chart-duration', 'p50 and p95 run duration over time', axes(maxY, fmtMs, buckets.map((b) => b.t)), line('p50', color(0)), line('p95', color(3)));
}

/** One bar per run: the cost of the latest 60. */
export function costChart(runs: readonly RunRecord[]): SVGSVGElement {
  const last = runs.slice(-60);
  const maxY = Math.max(1e-9, ...last.map((r) => r.usage.usd));
  const bw = Math.min(24, (CW - PAD - 8) / Math.max(1, last.length));
  return chart('chart-cost', 'cost per run', axes(maxY, fmtUsd, last.map((r) => Date.parse(r.started_at))),
    last.map((r, i) => {
      const hgt = (r.usage.usd / maxY) * (CH - PAD - 8);
      return h('rect', { x: PAD + 2 + i * bw, y: CH - PAD - hgt, width: Math.max(1, bw - 2), height: Math.max(hgt, 0.5), fill: color(5) }, h('title', {}, `${r.run_id}: ${fmtUsd(r.usage.usd)}`));
    }));
}
