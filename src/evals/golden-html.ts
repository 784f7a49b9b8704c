import { escapeHtml } from './escape-html.js';
import type { GoldenReport } from './golden-report.js';
import { cards, fmt, htmlPage, table } from './html-page.js';
import { svgBarChart } from './svg-bar-chart.js';

/** The golden report as one HTML file with inline SVG charts. */
export function goldenHtml(report: GoldenReport): string {
  const k = report.k;
  const byCategory = Object.entries(report.by_category).map(([category, g]) => ({
    label: `${category} (${g.tasks})`,
    segments: [{ value: g.pass_k ?? 0, color: '#2f6fde', label: `pass^${k}` }],
    note: `p1 ${fmt(g.pass_1)} · p${k} ${fmt(g.pass_k)}`,
  }));
  const judge = report.judge.status === 'ran' ? `judge ${report.judge.model}: relevancy ${fmt(report.judge.mean_relevancy)}, groundedness ${fmt(report.judge.mean_groundedness)} (${report.judge.judged} judged, ${report.judge.errors} errors)` : `judge absent: ${report.judge.reason}`;
  const rows = report.tasks.map((t) => [
    `<code>${escapeHtml(t.id)}</code>`,
    escapeHtml(t.lang),
    escapeHtml(t.category),
    t.in_scope ? `${t.passes}/${t.trials}` : '<span class="muted">out of scope</span>',
    t.in_scope ? `<span class="${t.pass_k === 1 ? 'ok' : 'bad'}">${fmt(t.pass_k)}</span>` : '',
    escapeHtml(t.stop_reasons.join(', ')),
    t.judge ? ('error' in t.judge ? `<span class="bad">${escapeHtml(t.judge.error)}</span>` : `${fmt(t.judge.relevancy)} / ${fmt(t.judge.groundedness)}`) : '',
    escapeHtml(t.request),
    t.failures.length > 0 ? `<span class="bad">${escapeHtml(t.failures.join('; '))}</span>` : '',
  ]);
  return htmlPage(`Waybill golden tasks — ${report.runtime}, ${report.model}`, [
    cards([
      ['pass^1', fmt(report.overall.pass_1, 3)],
      [`pass^${k}`, fmt(report.overall.pass_k, 3)],
      ['tasks in scope', `${report.in_scope} / ${report.tasks_total}`],
      ['unverified facts', String(report.overall.unverified_facts)],
      ['tokens', String(report.usage.prompt_tokens + report.usage.completion_tokens)],
      ['cost', `$${report.usage.usd.toFixed(4)}`],
    ]),
    `<p>${escapeHtml(report.generated_at)} · ${report.usage.trials} trials · ${(report.duration_ms / 1000).toFixed(1)} s · ${escapeHtml(judge)}</p>`,
    svgBarChart(byCategory, { max: 1, title: `pass^${k} by category` }),
    svgBarChart(
      Object.entries(report.by_lang).map(([lang, g]) => ({ label: `${lang} (${g.tasks})`, segments: [{ value: g.pass_k ?? 0, color: '#2f6fde', label: `pass^${k}` }], note: fmt(g.pass_k) })),
      { max: 1, title: `pass^${k} by language` },
    ),
    '<h2>Tasks</h2>',
    table(['task', 'lang', 'category', 'passed', `pass^${k}`, 'stop', 'judge rel/grd', 'request', 'failures'], rows),
  ]);
}
