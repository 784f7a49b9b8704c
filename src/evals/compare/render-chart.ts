import type { ComparisonReport } from './run-comparison.js';
import { runtimeLabel } from './render-table.js';

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Horizontal bars of total tokens per runtime (prompt and completion stacked), labelled with model
 * calls and the ratio to the cheapest: a plain SVG that renders on GitHub with no script or font.
 */
export function renderChart(report: ComparisonReport): string {
  const width = 780;
  const left = 170;
  const barHeight = 28;
  const gap = 18;
  const top = 48;
  // Room on the right for the label after the longest bar (about 220 px at 13 px).
  const scaleWidth = width - left - 240;
  const max = Math.max(1, ...report.runtimes.map((r) => r.total_tokens));
  const bars = report.runtimes.map((r, index) => {
    const y = top + index * (barHeight + gap);
    const prompt = (r.prompt_tokens / max) * scaleWidth;
    const completion = (r.completion_tokens / max) * scaleWidth;
    return [
      `<text x="${left - 10}" y="${y + barHeight / 2 + 5}" text-anchor="end">${escape(runtimeLabel(r.runtime))}</text>`,
      `<rect x="${left}" y="${y}" width="${prompt.toFixed(1)}" height="${barHeight}" fill="#4e79a7"/>`,
      `<rect x="${(left + prompt).toFixed(1)}" y="${y}" width="${completion.toFixed(1)}" height="${barHeight}" fill="#f28e2b"/>`,
      `<text x="${(left + prompt + completion + 8).toFixed(1)}" y="${y + barHeight / 2 + 5}">${r.total_tokens} tokens · ${r.model_calls} calls · ×${r.token_ratio.toFixed(2)}</text>`,
    ].join('\n  ');
  });
  const height = top + report.runtimes.length * (barHeight + gap) + 30;
  const legendY = height - 14;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13">`,
    '  <rect width="100%" height="100%" fill="#ffffff"/>',
    `  <text x="${left}" y="24" font-size="15" font-weight="bold">Tokens on the same ${report.requests.length} requests (oracle count, latency ${report.latency_ms} ms)</text>`,
    `  ${bars.join('\n  ')}`,
    `  <rect x="${left}" y="${legendY - 10}" width="12" height="12" fill="#4e79a7"/><text x="${left + 18}" y="${legendY}">prompt</text>`,
    `  <rect x="${left + 90}" y="${legendY - 10}" width="12" height="12" fill="#f28e2b"/><text x="${left + 108}" y="${legendY}">completion</text>`,
    '</svg>',
    '',
  ].join('\n');
}
