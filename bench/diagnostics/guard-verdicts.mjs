// Records every guard's verdict on every text the repository holds, so a speed change can show it
// decides nothing differently: the corpora (evals/*.json and *.jsonl, the blind set fed through unread),
// the documentation and knowledge base (each file whole and each paragraph alone), and disguised
// variants of the corpus texts (upper case, invisible characters, look-alike letters, spacing,
// leetspeak) that reach the normaliser's other paths.
// Run after `npm run build`:
//   node bench/diagnostics/guard-verdicts.mjs record /tmp/before.jsonl
//   node bench/diagnostics/guard-verdicts.mjs compare /tmp/before.jsonl   → counts differences, exits 1 on any
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { detectInjection, guardScan, redactPii, scanUntrustedText } from '../../dist/policy/index.js';
import { repositoryTexts } from '../lib/repository-texts.mjs';

const { texts, blind, counts } = repositoryTexts(new URL('../../', import.meta.url));

const verdictOf = (text) => JSON.stringify({
  scan: guardScan(text),
  input: detectInjection(text),
  rulesOnly: detectInjection(text, { classifier: null }),
  taint: scanUntrustedText(text),
  pii: redactPii(text),
  keepPhone: redactPii(text, { keep: ['PHONE'] }),
});

const [mode, file] = process.argv.slice(2);
const started = process.cpuUsage();
const unseen = texts.map((text) => blind.has(text));
const lines = texts.map((text) => `${createHash('sha256').update(text).digest('hex').slice(0, 16)}\t${verdictOf(text)}`);
const cpuMs = (process.cpuUsage(started).user + process.cpuUsage(started).system) / 1000;
if (mode === 'record') {
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`recorded ${lines.length} texts (corpus ${counts.corpus}, documents ${counts.documents}, paragraphs ${counts.paragraphs}, variants ${counts.variants}) in ${cpuMs.toFixed(0)} ms CPU`);
} else if (mode === 'compare') {
  // Matched by each text's hash, so a document edited between the two builds only leaves its own texts uncompared.
  const before = new Map(readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => [line.slice(0, 16), line]));
  let differences = 0;
  let compared = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const earlier = before.get(lines[i].slice(0, 16));
    if (earlier === undefined) continue;
    compared += 1;
    if (earlier === lines[i]) continue;
    differences += 1;
    if (unseen[i]) console.log(`differs at ${i} (blind set: not shown)`);
    else if (differences <= 5) console.log(`differs at ${i}:\n  before ${earlier.slice(0, 400)}\n  after  ${lines[i].slice(0, 400)}`);
  }
  console.log(`${lines.length} texts, ${compared} also in the recording and compared, ${differences} differences, ${cpuMs.toFixed(0)} ms CPU`);
  process.exitCode = differences === 0 ? 0 : 1;
} else {
  console.error('usage: guard-verdicts.mjs record|compare <file>');
  process.exitCode = 2;
}
