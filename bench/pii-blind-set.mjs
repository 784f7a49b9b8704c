// Scores Waybill's PII redaction on a set written by someone who read neither the redactor nor its
// corpus (issue 34), as a black box through `waybill guard scan --jsonl` (its `redacted` and `pii`).
// Usage: node bench/pii-blind-set.mjs <path-to-checkout> --set <file.jsonl> [--misses]
// A line: {"id", "kind": "positive" | "near_miss", "language", "type", "text", "values": [...]}.
// A positive counts as found when none of its values appears in the redacted text any more, and as
// typed when the scan also reports its type. A near-miss counts against when any of its values no
// longer appears whole in the redacted text (something in it was cut out), and `anything redacted`
// counts a near-miss line in which any redaction happened at all.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { guardScanCli } from './lib/guard-scan-cli.mjs';

const args = process.argv.slice(2);
const showMisses = args.includes('--misses');
const setIdx = args.indexOf('--set');
const setPath = setIdx >= 0 ? args[setIdx + 1] : undefined;
const checkout = args.find((a, i) => !a.startsWith('--') && (setIdx < 0 || i !== setIdx + 1));
if (!checkout || !setPath) {
  console.error('usage: node bench/pii-blind-set.mjs <path-to-checkout> --set <file.jsonl> [--misses]');
  process.exit(2);
}
const cli = join(checkout, 'dist/bin/waybill.js');
if (!existsSync(cli)) {
  console.error(`no built CLI in ${checkout} (run npm run build in the checkout)`);
  process.exit(2);
}

const items = readFileSync(setPath, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
for (const item of items) {
  // A near-miss may list no values: then anything redacted in it counts against.
  if (!['positive', 'near_miss'].includes(item.kind) || typeof item.text !== 'string' || !Array.isArray(item.values) || (item.kind === 'positive' && item.values.length === 0)) throw new Error(`${item.id}: expected kind, text and a values array (non-empty for a positive)`);
  for (const value of item.values) if (!item.text.includes(value)) throw new Error(`${item.id}: value ${JSON.stringify(value)} is not in its text`);
}
const verdicts = await guardScanCli(cli, checkout, items.map((it) => ({ id: it.id, text: it.text, where: 'user' })));

const rows = items.map((it, i) => {
  const v = verdicts[i];
  if (v.error) throw new Error(`line ${i + 1} (${it.id}) rejected by the CLI: ${v.error}`);
  const present = it.values.filter((value) => v.redacted.includes(value));
  const anyRedacted = Object.values(v.pii ?? {}).some((n) => n > 0);
  return {
    it,
    v,
    found: it.kind === 'positive' && present.length === 0,
    typed: it.kind === 'positive' && present.length === 0 && (v.pii?.[String(it.type).toUpperCase()] ?? 0) > 0,
    cut: it.kind === 'near_miss' && (it.values.length === 0 ? anyRedacted : present.length < it.values.length),
    anyRedacted,
  };
});

const pct = (n, d) => (d ? `${n}/${d} (${((100 * n) / d).toFixed(1)}%)` : 'n/a');
const languages = [...new Set(items.map((it) => it.language))].sort();
const line = (title, kind, pred) => {
  const of = (language) => rows.filter((r) => r.it.kind === kind && (!language || r.it.language === language));
  console.log(`${title}: ${pct(of().filter(pred).length, of().length)}  [${languages.map((l) => `${l} ${pct(of(l).filter(pred).length, of(l).length)}`).join(', ')}]`);
};
console.log(`checkout: ${checkout}   set: ${setPath} (${items.length} lines)`);
line('positives removed (recall)', 'positive', (r) => r.found);
line('positives removed with their type reported', 'positive', (r) => r.typed);
line('near-misses with a value cut', 'near_miss', (r) => r.cut);
line('near-misses with anything redacted', 'near_miss', (r) => r.anyRedacted);
const byType = {};
for (const r of rows) {
  const t = (byType[`${r.it.kind}:${r.it.type}`] ??= [0, 0]);
  t[1]++;
  if (r.it.kind === 'positive' ? r.found : !r.cut) t[0]++;
}
console.log(`right by kind:type: ${Object.entries(byType).map(([k, [n, d]]) => `${k} ${n}/${d}`).join(', ')}`);
if (showMisses) {
  console.log('\nmisses:');
  for (const r of rows.filter((r) => (r.it.kind === 'positive' ? !r.found : r.cut))) {
    console.log(`${r.it.id} [${r.it.kind}/${r.it.type}/${r.it.language}] pii=${JSON.stringify(r.v.pii)}`);
    console.log(`    in:  ${r.it.text}\n    out: ${r.v.redacted}`);
  }
}
