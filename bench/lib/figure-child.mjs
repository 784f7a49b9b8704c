// Runs one figure module in its own process and writes its result as JSON:
//   node --expose-gc bench/lib/figure-child.mjs <figure> <out.json>
import { writeFileSync } from 'node:fs';

const [name, out] = process.argv.slice(2);
if (!name || !out) {
  console.error('usage: node --expose-gc bench/lib/figure-child.mjs <figure> <out.json>');
  process.exit(2);
}
try {
  const figure = await import(`../figures/${name}.mjs`);
  const started = performance.now();
  const result = await figure.run();
  result.seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  writeFileSync(out, JSON.stringify(result));
  process.exit(0);
} catch (error) {
  writeFileSync(out, JSON.stringify({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
  process.exit(1);
}
