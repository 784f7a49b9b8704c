import { escapeHtml } from './escape-html.js';

/** A self-contained HTML document: inline styles, no scripts, nothing fetched. */
export function htmlPage(title: string, sections: readonly string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:1rem 0;font-size:13px}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f3f3f3}.ok{color:#1a7f37}.bad{color:#b42318}.muted{color:#777}code{font-size:12px}
.cards{display:flex;gap:1rem;flex-wrap:wrap}.card{border:1px solid #ddd;border-radius:6px;padding:.6rem 1rem;min-width:150px}.card b{font-size:1.4rem;display:block}
</style></head><body><h1>${escapeHtml(title)}</h1>
${sections.join('\n')}
</body></html>
`;
}

/** A row of headline figures. */
export function cards(items: ReadonlyArray<readonly [label: string, value: string]>): string {
  return `<div class="cards">${items.map(([label, value]) => `<div class="card"><b>${escapeHtml(value)}</b>${escapeHtml(label)}</div>`).join('')}</div>`;
}

/** A table from rows of already-escaped cells. */
export function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

/** A number as a fixed-precision string, or "n/a". */
export function fmt(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined ? 'n/a' : value.toFixed(digits);
}
