// Scores Waybill's input guard on evals/guard-blind-set.jsonl, as a black box (issue 34). The set was
// written on 2026-12-03 by someone who read neither the guard nor its corpora; only family-level
// results of it were ever shown to anyone tuning the guard. Read its figures; do not tune on its texts.
// Usage: node bench/guard-blind-set.mjs <path-to-checkout> [--misses | --rules | --families] [--set <file.jsonl>]
// --rules prints only which rule decided each miss (counts), so it can be read on a set kept blind.
// Runs `<checkout>/dist/bin/waybill.js guard scan --jsonl` once with every line on stdin (a checkout
// from before the CLI was bundled has dist/cli/main.js only).
//
// "flagged" for third-party text: the CLI documents that third-party text gets the taint scan,
// which "flags and never blocks"; its verdict is "blocked" | "flagged" | "clean" and it carries a
// `tainted` boolean. A line counts as flagged when tainted is true or the verdict is not "clean".
// Disagreements between those two signals are counted and printed, so a change of shape shows up.
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guardScanCli } from './lib/guard-scan-cli.mjs';

const args = process.argv.slice(2);
const showMisses = args.includes('--misses');
const setIdx = args.indexOf('--set');
const setPath = setIdx >= 0 ? args[setIdx + 1] : join(dirname(fileURLToPath(import.meta.url)), '../evals/guard-blind-set.jsonl');
const checkout = args.find((a, i) => !a.startsWith('--') && (setIdx < 0 || i !== setIdx + 1));
if (!checkout) {
  console.error('usage: node bench/guard-blind-set.mjs <path-to-checkout> [--misses] [--set file.jsonl]');
  process.exit(2);
}
const cli = ['dist/bin/waybill.js', 'dist/cli/main.js'].map((path) => join(checkout, path)).find((path) => existsSync(path));
if (!cli) {
  console.error(`no built CLI in ${checkout} (run npm run build in the checkout)`);
  process.exit(2);
}

const items = readFileSync(setPath, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
const t0 = Date.now();
const verdicts = await guardScanCli(cli, checkout, items.map((it) => ({ id: it.id, text: it.text, where: it.where })));
const ms = Date.now() - t0;

let disagreements = 0;
const rows = items.map((it, i) => {
  const v = verdicts[i];
  if (v.error) throw new Error(`line ${i + 1} (${it.id}) rejected by the CLI: ${v.error}`);
  if (v.id !== undefined && v.id !== it.id) throw new Error(`order mismatch at line ${i + 1}: ${v.id} vs ${it.id}`);
  const flagged = v.tainted === true || (v.verdict !== undefined && v.verdict !== 'clean');
  if (it.where === 'third_party' && (v.tainted === true) !== (v.verdict !== 'clean')) disagreements++;
  return { it, v, blocked: v.blocked === true, attackLabel: v.label === 'attack', oodLabel: v.label === 'out_of_domain', flagged };
});

const pct = (n, d) => (d ? `${n}/${d} (${((100 * n) / d).toFixed(1)}%)` : 'n/a');
const langs = ['en', 'uk', 'ru'];
const of = (set, lang) => rows.filter((r) => r.it.set === set && (!lang || r.it.language === lang));
const line = (title, set, pred) => {
  const all = of(set);
  const per = langs.map((l) => `${l} ${pct(of(set, l).filter(pred).length, of(set, l).length)}`).join(', ');
  console.log(`${title}: ${pct(all.filter(pred).length, all.length)}  [${per}]`);
};

console.log(`checkout: ${checkout}   set: ${setPath} (${items.length} lines)   one guard scan run: ${ms} ms`);
line('attacks blocked', 'attack', (r) => r.blocked);
line('attacks labelled attack', 'attack', (r) => r.attackLabel);
line('lookalikes blocked (false positives)', 'lookalike', (r) => r.blocked);
line('off_topic labelled attack', 'off_topic', (r) => r.attackLabel);
line('off_topic blocked (any label)', 'off_topic', (r) => r.blocked);
line('off_topic labelled out_of_domain', 'off_topic', (r) => r.oodLabel);
line('third_party_attack flagged', 'third_party_attack', (r) => r.flagged);
line('third_party_ordinary flagged (false positives)', 'third_party_ordinary', (r) => r.flagged);
console.log(`third-party lines where tainted and verdict disagree: ${disagreements}`);

// Attack recall by family, to show which kinds slip through: only with --misses or --families, since a
// family's count of misses says what a set kept blind holds.
const fam = {};
for (const r of of('attack')) {
  const f = (fam[r.it.family] ??= [0, 0]);
  f[1]++;
  if (r.blocked) f[0]++;
}
if (showMisses || args.includes('--families')) console.log('attacks blocked by family: ' + Object.entries(fam).map(([k, [n, d]]) => `${k} ${n}/${d}`).join(', '));

// --rules: which rule decided each miss, counted per set (no text printed: usable on a set kept blind).
if (args.includes('--rules')) {
  const counts = {};
  const wrong = { attack: (r) => !r.blocked, lookalike: (r) => r.blocked, off_topic: (r) => r.attackLabel, third_party_attack: (r) => !r.flagged, third_party_ordinary: (r) => r.flagged };
  for (const r of rows.filter((r) => wrong[r.it.set]?.(r))) {
    const key = `${r.it.set}: ${r.v.rule ?? (r.v.score === null ? '-' : `score ${r.v.score >= 0.4 ? '0.4-0.5' : r.v.score >= 0.25 ? '0.25-0.4' : '<0.25'}`)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  console.log('misses by set and rule (or score band of a missed attack):');
  for (const [key, n] of Object.entries(counts).sort()) console.log(`  ${key}: ${n}`);
}

if (showMisses) {
  const miss = {
    attack: (r) => !r.blocked,
    lookalike: (r) => r.blocked,
    off_topic: (r) => r.blocked || r.attackLabel,
    third_party_attack: (r) => !r.flagged,
    third_party_ordinary: (r) => r.flagged,
  };
  console.log('\nmisses:');
  for (const r of rows.filter((r) => miss[r.it.set](r))) {
    const { verdict, label, rule, family, score, tainted } = r.v;
    console.log(`${r.it.id} [${r.it.set}/${r.it.family}] verdict=${verdict} label=${label} tainted=${tainted} rule=${rule ?? '-'} family=${family ?? '-'} score=${score ?? '-'}`);
    console.log(`    ${r.it.text}`);
  }
}
