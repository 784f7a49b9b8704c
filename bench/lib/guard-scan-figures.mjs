// Figures 7b and 7c from bench/guard-scan.mjs, run unchanged in a process of its own (it prints its
// result as JSON on stdout). The file is another piece of work's (issue 36 asks it for MB/s on varied
// real text); this reads its output shape and nothing else: the first top-level entry whose name says
// "varied" and that has `mb_per_s` (or `all.mb_per_s`: all its texts together, as `varied_real_text`
// reports) is figure 7b; until there is one, 7b is `mixed_1mb` (one line repeated) and says so. Its
// baseline is the lower-casing pass guard-scan.mjs times on `mixed_1mb` (the machine's speed in that
// process). 7c is the largest 400 KB ÷ 100 KB time ratio of `adversarial_linearity`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const GUARD_SCAN = fileURLToPath(new URL('../guard-scan.mjs', import.meta.url));

/** The parts of guard-scan.mjs's result the figures use, and which field 7b came from. */
export function readGuardScan(result) {
  const varied = Object.entries(result)
    .filter(([name]) => /varied/i.test(name))
    .map(([name, value]) => (typeof value?.mb_per_s === 'number' ? [name, value] : typeof value?.all?.mb_per_s === 'number' ? [`${name}.all`, value.all] : undefined))
    .find(Boolean);
  const [field, text] = varied ?? ['mixed_1mb', result.mixed_1mb];
  const mixed = result.mixed_1mb;
  // Lower-casing MB/s in guard-scan.mjs's process: its 1 MB of mixed text over the time of one pass.
  const lowercaseMbps = typeof mixed?.baseline_lowercase_ms === 'number' ? (mixed.mb_per_s * mixed.ms) / mixed.baseline_lowercase_ms : null;
  const linearity = Object.entries(result.adversarial_linearity ?? {}).map(([input, r]) => ({ input, ratio: r.ratio_400k_over_100k }));
  const worst = linearity.reduce((a, b) => (b.ratio > (a?.ratio ?? -Infinity) ? b : a), undefined);
  return { field, varied: Boolean(varied), text, lowercaseMbps, worst, inputs: linearity.length };
}

export function guardScanFigures() {
  const child = spawnSync(process.execPath, [GUARD_SCAN], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
  if (child.status !== 0) throw new Error(`bench/guard-scan.mjs exited ${child.status}`);
  const result = JSON.parse(child.stdout);
  const { field, varied, text, lowercaseMbps, worst, inputs } = readGuardScan(result);
  return {
    figures: [
      {
        id: '7b',
        name: varied
          ? `Guards on varied real text (bench/guard-scan.mjs ${field})`
          : 'Guards on 1 MB of one mixed line repeated (bench/guard-scan.mjs mixed_1mb: it reports no varied-text figure yet)',
        short: varied ? 'Guards MB/s, varied text' : 'Guards MB/s, guard-scan (repeated line)',
        repetitions: 'as bench/guard-scan.mjs measures (median of its scans)',
        unit: 'MB/s',
        value: { waybill: text.mb_per_s, baseline: lowercaseMbps },
        ratio: lowercaseMbps === null ? Number.NaN : lowercaseMbps / text.mb_per_s,
        ratio_label: 'time ÷ lowercase time (per MB)',
        target: { op: '>=', value: 3, applies_to: 'value' },
      },
      ...channelFigures(result, lowercaseMbps),
      {
        id: '7c',
        name: `Guards on adversarial input: the largest growth of scan time from 100 KB to 400 KB over ${inputs} inputs (${worst?.input ? JSON.stringify(worst.input) : 'none'}); linear is about 4, quadratic 16`,
        short: 'Guards, adversarial 4x input: worst time ratio',
        repetitions: 'as bench/guard-scan.mjs measures',
        unit: 'x time',
        value: { waybill: worst?.ratio ?? null, baseline: 4 },
        ratio: (worst?.ratio ?? Number.NaN) / 4,
        ratio_label: 'growth ÷ linear growth',
        target: { op: '<', value: 16, applies_to: 'value' },
      },
    ],
    details: { field_used_for_7b: field, varied_text_reported: varied, result },
  };
}

// 7d and 7e: the same texts through one path each (`varied_real_text.by_channel`), as a request and
// as a tool result meet the guards; absent from an older guard-scan.mjs's output. Their baseline is
// 7b's, the lower-casing pass in the same process: on two machines of one kind the guards' MB/s moved
// by 1.5x with it.
function channelFigures(result, lowercaseMbps) {
  const channels = result.varied_real_text?.by_channel;
  if (channels === undefined) return [];
  const paths = [
    ['7d', 'user', 'the input path (injection scan and redaction, as a request meets it)', 'Guards MB/s, input path'],
    ['7e', 'third_party', 'the third-party path (taint scan and redaction, as a tool result meets it)', 'Guards MB/s, third-party path'],
  ];
  return paths
    .filter(([, key]) => typeof channels[key]?.mb_per_s === 'number')
    .map(([id, key, name, short]) => ({
      id,
      name: `Guards on varied real text, ${name} (bench/guard-scan.mjs varied_real_text.by_channel.${key})`,
      short,
      repetitions: 'as bench/guard-scan.mjs measures (median of its scans)',
      unit: 'MB/s',
      value: { waybill: channels[key].mb_per_s, baseline: lowercaseMbps },
      ratio: lowercaseMbps === null ? Number.NaN : lowercaseMbps / channels[key].mb_per_s,
      ratio_label: 'time ÷ lowercase time (per MB)',
      target: { op: '>=', value: 3, applies_to: 'value' },
    }));
}
