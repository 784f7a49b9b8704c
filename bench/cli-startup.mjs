// CLI start-up as a user pays it (issues 21 and 36; the measurement is lib/cli-startup.mjs, which the
// `startup` group of run-all also uses): --version, --help and one offline `ask` against `node -e 0`.
// Run after `npm run build`: node bench/cli-startup.mjs [runs]  → prints a table and writes
// bench/results/cli-startup.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLI, measureStartup } from './lib/cli-startup.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
if (!existsSync(CLI)) {
  console.error('bench: dist/ is missing; run `npm run build` first.');
  process.exit(2);
}
const report = measureStartup(Number(process.argv[2] ?? 7));
mkdirSync(here('./results/'), { recursive: true });
writeFileSync(here('./results/cli-startup.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`CLI start-up, ${report.runs} runs each, seconds (min / median / max); load ${report.machine.load_average_at_start.join(' ')} -> ${report.machine.load_average_at_end.join(' ')}`);
for (const f of report.figures) {
  const target = f.target_s === undefined ? '' : `  target < ${f.target_s} s: ${f.met ? 'met' : 'MISSED'}`;
  const used = f.cpu_seconds ? `  cpu ${f.cpu_seconds.median.toFixed(2)} s (${f.cpu_over_node_x.toFixed(1)}x node)` : '';
  const cpuTarget = f.cpu_target_x === undefined ? '' : `  cpu target <= ${f.cpu_target_x}x: ${f.cpu_met ? 'met' : 'MISSED'}`;
  console.log(`${f.command.padEnd(24)} ${f.seconds.min.toFixed(2)} / ${f.seconds.median.toFixed(2)} / ${f.seconds.max.toFixed(2)}  (+${f.over_node_median_s.toFixed(2)} over node)${used}${target}${cpuTarget}`);
}
