import { escapeHtml } from './escape-html.js';

interface BarSegment {
  value: number;
  color: string;
  label: string;
}

export interface BarRow {
  label: string;
  segments: BarSegment[];
  /** Text after the bar, e.g. "0.98". */
  note?: string;
}

/**
 * A horizontal (stacked) bar chart as inline SVG, so the report is one file with no scripts or fonts
 * to fetch. `max` is the value a full-width bar stands for.
 */
export function svgBarChart(rows: readonly BarRow[], options: { max: number; title: string; width?: number }): string {
  const width = options.width ?? 720;
  const labelWidth = 190;
  const noteWidth = 140;
  const barWidth = width - labelWidth - noteWidth;
  const rowHeight = 22;
  const height = rows.length * rowHeight + 28;
  const scale = options.max > 0 ? barWidth / options.max : 0;
  const body = rows
    .map((row, i) => {
      const y = 24 + i * rowHeight;
      let x = labelWidth;
      const rects = row.segments
        .filter((s) => s.value > 0)
        .map((s) => {
          const w = Math.max(1, s.value * scale);
          const rect = `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${rowHeight - 6}" fill="${s.color}"><title>${escapeHtml(`${row.label}: ${s.label} ${s.value}`)}</title></rect>`;
          x += w;
          return rect;
        })
        .join('');
      return `<text x="${labelWidth - 6}" y="${y + 12}" text-anchor="end">${escapeHtml(row.label)}</text>${rects}<text x="${labelWidth + barWidth + 6}" y="${y + 12}">${escapeHtml(row.note ?? '')}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(options.title)}" font-family="system-ui, sans-serif" font-size="12"><text x="0" y="14" font-weight="bold">${escapeHtml(options.title)}</text>${body}</svg>`;
}
