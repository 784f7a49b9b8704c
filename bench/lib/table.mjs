// The printed table: for each figure, Waybill, the baseline, the ratio, the target and whether it is met.

const fmt = (n, digits) => (n === null || n === undefined || Number.isNaN(n) ? '-' : Number(n).toFixed(digits));

export function formatValue(unit, value) {
  if (value === null || value === undefined) return '-';
  switch (unit) {
    case 'ms':
    case 'ms per batch':
      return `${fmt(value, 1)} ms`;
    case 'ms per call (p50)':
      return value < 10 ? `${fmt(value, 3)} ms` : `${fmt(value, 1)} ms`;
    case 'tokens':
      return `${fmt(value, 0)} tok`;
    case 'bytes':
      return `${fmt(value / 1024, 1)} KB`;
    case 'rows':
      return `${fmt(value, 1)} rows`;
    case 'MB per 1000 runs':
      return `${fmt(value, 2)} MB`;
    case 'MB/s':
      return `${fmt(value, 1)} MB/s`;
    default:
      return `${fmt(value, 2)} ${unit}`;
  }
}

export function formatTarget(figure) {
  const { target } = figure;
  if (!target) return 'none';
  const op = { '<=': '≤', '>=': '≥', '<': '<', '>': '>' }[target.op] ?? target.op;
  return target.applies_to === 'value' ? `${op} ${formatValue(figure.unit, target.value)}` : `${op} ${target.value}×`;
}

/** Whether the target is met: on the ratio unless the target applies to Waybill's value. */
export function isMet(figure) {
  const { target } = figure;
  if (!target) return null;
  const x = target.applies_to === 'value' ? figure.value.waybill : figure.ratio;
  if (!Number.isFinite(x)) return false;
  return { '<=': x <= target.value, '>=': x >= target.value, '<': x < target.value, '>': x > target.value }[target.op];
}

export function renderTable(figures) {
  const header = ['#', 'figure', 'Waybill', 'baseline', 'ratio', 'per round min / median / max', 'ratio is', 'target', 'met'];
  const rows = figures.map((f) => [
    f.id,
    f.short ?? f.name,
    formatValue(f.unit, f.value.waybill),
    formatValue(f.unit, f.value.baseline),
    `${fmt(f.ratio, f.ratio >= 100 ? 0 : 2)}×`,
    f.ratio_per_round ? `${fmt(f.ratio_per_round.min, 2)} / ${fmt(f.ratio_per_round.median, 2)} / ${fmt(f.ratio_per_round.max, 2)}` : '-',
    f.ratio_label ?? 'Waybill ÷ plain',
    formatTarget(f),
    f.met === null ? 'n/a' : f.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
