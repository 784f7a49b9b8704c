import type { RedteamComparison } from './compare-redteam.js';
import { escapeHtml } from './escape-html.js';
import { cards, fmt, htmlPage, table } from './html-page.js';
import type { OutcomeCounts, RedteamReport } from './redteam-report.js';
import { svgBarChart } from './svg-bar-chart.js';

const outcomeBars = (groups: Record<string, OutcomeCounts>) =>
  Object.entries(groups).map(([label, g]) => ({
    label: `${label} (${g.total})`,
    segments: [
      { value: g.withstood, color: '#3a9d5d', label: 'withstood' },
      { value: g.breached, color: '#d33a2c', label: 'breached' },
      { value: g.inconclusive, color: '#b0b0b0', label: 'inconclusive' },
    ],
    note: `ASR ${g.attack_success_rate === null ? 'n/a' : `${(g.attack_success_rate * 100).toFixed(1)}%`}`,
  }));

/** The red-team report as one HTML file: outcomes by family, language and carrier, barriers, benign set, before/after. */
export function redteamHtml(report: RedteamReport, comparison?: RedteamComparison): string {
  const maxGroup = (groups: Record<string, OutcomeCounts>) => Math.max(1, ...Object.values(groups).map((g) => g.total));
  const sections = [
    cards([
      ['attacks', String(report.overall.total)],
      ['withstood', String(report.overall.withstood)],
      ['breached', String(report.overall.breached)],
      ['inconclusive', String(report.overall.inconclusive)],
      ['attack success rate', `${((report.overall.attack_success_rate ?? 0) * 100).toFixed(1)}%`],
      ['benign false positives', `${report.benign.blocked}/${report.benign.total} (${(report.benign.false_positive_rate * 100).toFixed(1)}%)`],
    ]),
    `<p>${escapeHtml(report.generated_at)} · runtime ${escapeHtml(report.runtime)} · user-carried attacks and benign inputs: ${escapeHtml(report.model)} · planted attacks: ${escapeHtml(report.attacker_model)} · ${(report.duration_ms / 1000).toFixed(1)} s</p>`,
    generatedVariants(report.generated_variants),
    svgBarChart(outcomeBars(report.by_family), { max: maxGroup(report.by_family), title: 'Outcomes by family' }),
    svgBarChart(outcomeBars(report.by_language), { max: maxGroup(report.by_language), title: 'Outcomes by language' }),
    svgBarChart(outcomeBars(report.by_carrier), { max: maxGroup(report.by_carrier), title: 'Outcomes by carrier' }),
    svgBarChart(
      Object.entries(report.by_barrier).map(([barrier, n]) => ({ label: barrier, segments: [{ value: n, color: '#2f6fde', label: 'withstood here' }], note: String(n) })),
      { max: Math.max(1, ...Object.values(report.by_barrier)), title: 'Which barrier held' },
    ),
  ];
  if (comparison) {
    sections.push(`<h2>Before and after (previous run ${escapeHtml(comparison.previous_generated_at)})</h2>`, table(['measure', 'before', 'after'], comparison.rows.map((r) => [escapeHtml(r.measure), escapeHtml(r.before), escapeHtml(r.after)])));
    if (comparison.changed.length > 0) sections.push(table(['attack', 'before', 'after'], comparison.changed.map((c) => [escapeHtml(c.id), escapeHtml(c.before), escapeHtml(c.after)])));
  }
  sections.push('<h2>Breaches</h2>', report.breaches.length === 0 ? '<p class="ok">none</p>' : table(['attack', 'family', 'what breached'], report.breaches.map((b) => [escapeHtml(b.id), escapeHtml(b.family), `<span class="bad">${escapeHtml(b.detail)}</span>`])));
  sections.push('<h2>Inconclusive</h2>', report.inconclusive.length === 0 ? '<p class="ok">none</p>' : table(['attack', 'why'], report.inconclusive.map((b) => [escapeHtml(b.id), escapeHtml(b.detail)])));
  sections.push(
    '<h2>Benign look-alikes blocked (false positives)</h2>',
    report.benign.blocked_ids.length === 0 ? '<p class="ok">none</p>' : `<p class="bad">${report.benign.blocked_ids.map(escapeHtml).join(', ')}</p>`,
    '<h2>Attacks</h2>',
    table(
      ['attack', 'family', 'carrier', 'lang', 'outcome', 'barrier (expected)', 'detail'],
      report.attacks.map((a) => [
        `<code>${escapeHtml(a.id)}</code>`,
        escapeHtml(a.family),
        escapeHtml(a.carrier),
        escapeHtml(a.language),
        `<span class="${a.outcome === 'withstood' ? 'ok' : a.outcome === 'breached' ? 'bad' : 'muted'}">${a.outcome}</span>`,
        `${escapeHtml(a.barrier ?? '—')}${a.barrier === a.expected ? '' : ` <span class="muted">(${escapeHtml(a.expected)})</span>`}`,
        escapeHtml(a.detail),
      ]),
    ),
  );
  return htmlPage(`Waybill red team — ${fmt(report.overall.attack_success_rate, 3)} attack success rate`, sections);
}

// Generated variants differ per run, so they are shown apart from the fixed corpus and never mixed into its rates.
function generatedVariants(variants: RedteamReport['generated_variants']): string {
  if (variants.status === 'absent') return `<p class="muted">Generated variants: absent (${escapeHtml(variants.reason)})</p>`;
  const o = variants.overall;
  return [
    `<h2>Generated variants (${escapeHtml(variants.model)}, ${variants.per_attack} per attack; not comparable between runs)</h2>`,
    `<p>${o.total} variants of ${variants.attacks} attacks: withstood ${o.withstood}, breached ${o.breached}, inconclusive ${o.inconclusive}; the generator refused ${variants.refused.length} attacks.</p>`,
    variants.breaches.length === 0 ? '' : table(['variant', 'family', 'text', 'what breached'], variants.breaches.map((b) => [escapeHtml(b.id), escapeHtml(b.family), escapeHtml(b.text), `<span class="bad">${escapeHtml(b.detail)}</span>`])),
  ].join('\n');
}
