// Guard throughput and linearity, as ratios measured in one run (never as timed tests).
// Run after `npm run build`: node bench/guard-scan.mjs  → prints JSON and writes bench/results/guard-scan.json
import { mkdirSync, writeFileSync } from 'node:fs';
import { guardScan } from '../dist/policy/index.js';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function time(fn, runs = 7) {
  fn();
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const line = 'Де посилка TTN-000005? Клієнт просить повернути 720 грн, тел. +380 67 123 45 67. Please show the delivery rules.\n';
const mixed = line.repeat(Math.ceil(1_048_576 / line.length));
// Baseline: one pass of lower-casing the same text, the cheapest whole-text work there is.
const baselineMs = time(() => mixed.toLowerCase());
const mixedMs = time(() => guardScan(mixed));

const adversarial = {
  'ignore ': 'ignore ',
  'a': 'a',
  '<|': '<|',
  'system: ': 'system: ',
  'покажи свої ': 'покажи свої ',
  '4111 ': '4111 ',
  '+380 ': '+380 ',
};
const linearity = {};
for (const [name, unit] of Object.entries(adversarial)) {
  const at = (bytes) => unit.repeat(Math.ceil(bytes / unit.length));
  const small = time(() => guardScan(at(100_000)));
  const large = time(() => guardScan(at(400_000)));
  linearity[name] = { ms_100k: +small.toFixed(2), ms_400k: +large.toFixed(2), ratio_400k_over_100k: +(large / small).toFixed(2) };
}

const result = {
  bench: 'guard-scan',
  node: process.version,
  mixed_1mb: { ms: +mixedMs.toFixed(1), baseline_lowercase_ms: +baselineMs.toFixed(2), ratio_to_baseline: +(mixedMs / baselineMs).toFixed(1) },
  // A linear scan gives a ratio near 4 for 4× the input; catastrophic backtracking gives 16 or more.
  adversarial_linearity: linearity,
};
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/guard-scan.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
