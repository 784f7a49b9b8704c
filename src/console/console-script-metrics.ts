/**
 * Console JS, part 5: the metrics page, drawn as inline SVG from the tenant's latest 500 runs: runs by
 * stop reason over time, p50/p95 duration over time, and cost per run. (Prometheus gets `/metrics`.)
 */
export const CONSOLE_SCRIPT_METRICS = String.raw`
var PALETTE = ['#1f5eff', '#0a7d3b', '#b54708', '#b42318', '#7a5af8', '#0e9384', '#c11574', '#667085', '#e04f16', '#3b7c0f'];
var CW = 560, CH = 200, PAD = 34;

function quantile(sorted, q) {
  if (!sorted.length) return 0;
  var i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

function axes(maxY, label, buckets) {
  var g = [h('line', { x1: PAD, y1: CH - PAD, x2: CW - 4, y2: CH - PAD, stroke: '#98a2b3' }), h('line', { x1: PAD, y1: 6, x2: PAD, y2: CH - PAD, stroke: '#98a2b3' }),
    h('text', { x: 2, y: 14 }, label(maxY)), h('text', { x: 2, y: CH - PAD }, '0')];
  if (buckets.length) {
    g.push(h('text', { x: PAD, y: CH - PAD + 14 }, W.fmtTime(new Date(buckets[0]).toISOString()).slice(5, 16)));
    g.push(h('text', { x: CW - 110, y: CH - PAD + 14 }, W.fmtTime(new Date(buckets[buckets.length - 1]).toISOString()).slice(5, 16)));
  }
  return g;
}

function legend(names, colors) {
  return h('div', { class: 'legend' }, names.map(function (n, i) { var sw = h('i', {}); sw.style.background = (colors || PALETTE)[i % PALETTE.length]; return h('span', {}, sw, n); }));
}

function bucketize(runs) {
  var times = runs.map(function (r) { return Date.parse(r.started_at); });
  var min = Math.min.apply(null, times), max = Math.max.apply(null, times);
  var size = Math.max(60000, Math.ceil((max - min + 1) / 12 / 60000) * 60000);
  var start = Math.floor(min / size) * size;
  var count = Math.floor((max - start) / size) + 1;
  var buckets = [];
  for (var i = 0; i < count; i++) buckets.push({ t: start + i * size, runs: [] });
  runs.forEach(function (r, k) { buckets[Math.floor((times[k] - start) / size)].runs.push(r); });
  return buckets;
}

function stopReasonChart(buckets, reasons) {
  var maxY = Math.max(1, Math.max.apply(null, buckets.map(function (b) { return b.runs.length; })));
  var bw = Math.min(48, (CW - PAD - 8) / buckets.length);
  var bars = [];
  buckets.forEach(function (b, i) {
    var y = CH - PAD;
    reasons.forEach(function (reason, j) {
      var n = b.runs.filter(function (r) { return r.stop_reason === reason; }).length;
      if (!n) return;
      var hgt = (n / maxY) * (CH - PAD - 8);
      y -= hgt;
      bars.push(h('rect', { x: PAD + 2 + i * bw, y: y, width: Math.max(2, bw - 3), height: hgt, fill: PALETTE[j % PALETTE.length] }, h('title', {}, reason + ': ' + n)));
    });
  });
  return h('svg', { viewBox: '0 0 ' + CW + ' ' + CH, width: '100%', id: 'chart-stop-reasons', role: 'img', 'aria-label': 'runs by stop reason over time' }, axes(maxY, String, buckets.map(function (b) { return b.t; })), bars);
}

function durationChart(buckets) {
  var points = buckets.map(function (b) {
    var d = b.runs.map(function (r) { return r.duration_ms; }).sort(function (x, y) { return x - y; });
    return { p50: quantile(d, 0.5), p95: quantile(d, 0.95), n: d.length };
  });
  var maxY = Math.max(1, Math.max.apply(null, points.map(function (p) { return p.p95; })));
  var step = buckets.length > 1 ? (CW - PAD - 12) / (buckets.length - 1) : 0;
  function line(key, color) {
    var pts = points.map(function (p, i) { return p.n ? (PAD + 4 + i * step) + ',' + (CH - PAD - (p[key] / maxY) * (CH - PAD - 8)) : null; }).filter(Boolean);
    return [h('polyline', { points: pts.join(' '), fill: 'none', stroke: color, 'stroke-width': 2 }),
      pts.map(function (xy) { var c = xy.split(','); return h('circle', { cx: c[0], cy: c[1], r: 2.5, fill: color }); })];
  }
  return h('svg', { viewBox: '0 0 ' + CW + ' ' + CH, width: '100%', id: 'chart-duration', role: 'img', 'aria-label': 'p50 and p95 run duration over time' },
    axes(maxY, W.fmtMs, buckets.map(function (b) { return b.t; })), line('p50', PALETTE[0]), line('p95', PALETTE[3]));
}

function costChart(runs) {
  var last = runs.slice(-60);
  var maxY = Math.max(1e-9, Math.max.apply(null, last.map(function (r) { return r.usage.usd; })));
  var bw = Math.min(24, (CW - PAD - 8) / Math.max(1, last.length));
  return h('svg', { viewBox: '0 0 ' + CW + ' ' + CH, width: '100%', id: 'chart-cost', role: 'img', 'aria-label': 'cost per run' },
    axes(maxY, W.fmtUsd, last.map(function (r) { return Date.parse(r.started_at); })),
    last.map(function (r, i) {
      var hgt = (r.usage.usd / maxY) * (CH - PAD - 8);
      return h('rect', { x: PAD + 2 + i * bw, y: CH - PAD - hgt, width: Math.max(1, bw - 2), height: Math.max(hgt, 0.5), fill: PALETTE[5] }, h('title', {}, r.run_id + ': ' + W.fmtUsd(r.usage.usd)));
    }));
}

W.pages.metrics = async function () {
  var data = await W.api('GET', '/v1/runs?limit=500');
  var runs = data.runs.slice().reverse();
  if (!runs.length) return W.show(h('h1', {}, 'Metrics'), h('p', { class: 'muted' }, 'No runs yet.'));
  var reasons = [];
  runs.forEach(function (r) { if (reasons.indexOf(r.stop_reason) < 0) reasons.push(r.stop_reason); });
  var buckets = bucketize(runs);
  var durations = runs.map(function (r) { return r.duration_ms; }).sort(function (a, b) { return a - b; });
  var ended = runs.filter(function (r) { return r.status !== 'awaiting_approval' && r.status !== 'decided'; });
  var finished = ended.filter(function (r) { return r.status === 'finished'; }).length;
  var cost = runs.reduce(function (s, r) { return s + r.usage.usd; }, 0);
  var summary = h('dl', { class: 'kv', id: 'metrics-summary' },
    [['Runs', String(runs.length)], ['Completion rate', ended.length ? Math.round((finished / ended.length) * 100) + '%' : '–'],
     ['p50 duration', W.fmtMs(quantile(durations, 0.5))], ['p95 duration', W.fmtMs(quantile(durations, 0.95))],
     ['Mean cost per run', W.fmtUsd(cost / runs.length)], ['Total cost', W.fmtUsd(cost)]]
      .map(function (p) { return [h('dt', {}, p[0]), h('dd', {}, p[1])]; }));
  W.show(h('h1', {}, 'Metrics'), h('p', { class: 'muted' }, 'From the latest ' + runs.length + ' runs of tenant ' + W.me.tenant + '. Prometheus scrapes /metrics.'),
    h('div', { class: 'grid2' },
      h('div', { class: 'card' }, h('h2', {}, 'Summary'), summary),
      h('div', { class: 'card' }, h('h2', {}, 'Runs by stop reason over time'), stopReasonChart(buckets, reasons), legend(reasons)),
      h('div', { class: 'card' }, h('h2', {}, 'Duration p50 / p95'), durationChart(buckets), legend(['p50', 'p95'], [PALETTE[0], PALETTE[3]])),
      h('div', { class: 'card' }, h('h2', {}, 'Cost per run (latest 60)'), costChart(runs))));
};
`;
