// Figure 7: guard throughput on 1 MB of mixed Ukrainian/English text (one line repeated, as
// bench/guard-scan.mjs builds it): all three guards (input scan, taint scan, PII redaction) against one
// lower-casing pass of the same text. Figures 7b and 7c are what bench/guard-scan.mjs reports, run as it
// is in a process of its own (lib/guard-scan-figures.mjs): MB/s on varied real text (issue 36: at least
// 3 MB/s) and the adversarial inputs' growth at four times the size (linear: about 4).
import { detectInjection, guardScan, redactPii, scanUntrustedText } from '../../dist/policy/index.js';
import { profileFunctions } from '../lib/cpu-profile.mjs';
import { guardScanFigures } from '../lib/guard-scan-figures.mjs';
import { median, round, summarise } from '../lib/stats.mjs';

const MB = 1024 * 1024;
const line = 'Де посилка TTN-000005? Клієнт просить повернути 720 грн, тел. +380 67 123 45 67. Please show the delivery rules.\n';
const text = line.repeat(Math.ceil(MB / line.length)).slice(0, MB);

function times(fn, reps) {
  fn();
  const samples = [];
  for (let i = 0; i < reps; i += 1) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function run({ reps = 9 } = {}) {
  const megabytes = Buffer.byteLength(text, 'utf8') / MB;
  const mbps = (samples) => samples.map((ms) => megabytes / (ms / 1000));
  const all = times(() => guardScan(text), reps);
  const lower = times(() => text.toLowerCase(), reps);
  const parts = {
    input_scan: times(() => detectInjection(text), reps),
    taint_scan: times(() => scanUntrustedText(text), reps),
    pii_redaction: times(() => redactPii(text), reps),
  };
  // Where the time goes: the whole guard's hottest functions, self ms per scan of the text, profiler on.
  const profile = await profileFunctions(() => {
    for (let i = 0; i < 3; i += 1) guardScan(text);
  }, 3);
  const scan = guardScanFigures();
  return {
    figures: [
      ...scan.figures,
      {
        id: '7',
        short: 'Guards MB/s (1 MB mixed text)',
        repetitions: `${reps} scans (after 1 warm-up)`,
        name: 'Guards (input scan + taint + PII redaction) on 1 MB of mixed text; baseline: one toLowerCase pass',
        unit: 'MB/s',
        waybill: summarise(mbps(all), 2),
        baseline: summarise(mbps(lower), 1),
        value: { waybill: median(mbps(all)), baseline: median(mbps(lower)) },
        ratio: median(all) / median(lower),
        ratio_label: 'time ÷ lowercase time',
        // Issue 20's floor, on Waybill's own throughput: it moves with the machine's speed, which the
        // lower-casing baseline shows (the note of a miss gives both).
        target: { op: '>=', value: 2, applies_to: 'value' },
      },
    ],
    details: {
      guard_scan: scan.details,
      text_bytes_utf8: Buffer.byteLength(text, 'utf8'),
      text_chars: text.length,
      repetitions: reps,
      ms_per_mb: { all_guards: round(median(all) / megabytes, 1), lowercase: round(median(lower) / megabytes, 2) },
      cpu_profile_self_ms_per_scan: profile,
      mb_per_s_each: Object.fromEntries(Object.entries(parts).map(([name, samples]) => [name, summarise(mbps(samples), 2)])),
    },
  };
}
