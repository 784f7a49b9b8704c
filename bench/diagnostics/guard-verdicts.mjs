// Records every guard's verdict on every text the repository holds, so a speed change can show it
// decides nothing differently: the corpora (evals/*.json and *.jsonl, the blind set fed through unread),
// the documentation and knowledge base (each file whole and each paragraph alone), and disguised
// variants of the corpus texts (upper case, invisible characters, look-alike letters, spacing,
// leetspeak) that reach the normaliser's other paths.
// Run after `npm run build`:
//   node bench/diagnostics/guard-verdicts.mjs record /tmp/before.jsonl
//   node bench/diagnostics/guard-verdicts.mjs compare /tmp/before.jsonl   → counts differences, exits 1 on any
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { detectInjection, guardScan, redactPii, scanUntrustedText } from '../../dist/policy/index.js';

const root = new URL('../../', import.meta.url);
const strings = (value, out) => {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
};
const markdown = (dir) => {
  const found = [];
  for (const entry of readdirSync(new URL(dir, root), { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...markdown(`${dir}${entry.name}/`));
    else if (entry.name.endsWith('.md')) found.push(readFileSync(new URL(`${dir}${entry.name}`, root), 'utf8'));
  }
  return found;
};

const corpus = [];
// The blind set's texts are fed through and never printed: a difference there shows its index only.
const blind = new Set();
// evals/ and evals/independent/ (outside authors' sets, issue 34).
const evalFiles = (dir) => readdirSync(new URL(dir, root), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? evalFiles(`${dir}${entry.name}/`) : [`${dir}${entry.name}`]));
for (const name of evalFiles('evals/').sort()) {
  if (!name.endsWith('.json') && !name.endsWith('.jsonl')) continue;
  const raw = readFileSync(new URL(name, root), 'utf8');
  if (name.endsWith('.json')) strings(JSON.parse(raw), corpus);
  else if (name.endsWith('.jsonl')) {
    for (const line of raw.split('\n')) {
      if (line.trim() === '') continue;
      for (const text of strings(JSON.parse(line), [])) {
        corpus.push(text);
        blind.add(text);
      }
    }
  }
}
const documents = [readFileSync(new URL('README.md', root), 'utf8'), ...markdown('docs/'), ...markdown('knowledge/')];
const paragraphs = documents.flatMap((doc) => doc.split(/\n\s*\n/));
const confusable = { a: 'а', e: 'е', o: 'о', p: 'р', c: 'с', x: 'х', i: 'і', y: 'у' };
const leet = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };
const variantsOf = (text) => [
  text.toUpperCase(),
  text.replace(/(\p{L})(\p{L})/gu, '$1\u200B$2'),
  text.replace(/[aeopcxiy]/g, (ch) => confusable[ch]),
  text.replace(/\p{L}/gu, (ch) => `${ch} `),
  text.replace(/[aeiost]/g, (ch) => leet[ch]),
  [...text].reverse().join(''),
  Buffer.from(text).toString('base64'),
  `Note: ${text.replace(/ /g, '\u00A0')}`,
];
const variants = corpus.filter((text) => text.length > 3 && text.length < 2000).flatMap((text) => {
  const derived = variantsOf(text);
  if (blind.has(text)) for (const variant of derived) blind.add(variant);
  return derived;
});
const texts = [...new Set([...corpus, ...documents, ...paragraphs, ...variants])];

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
  console.log(`recorded ${lines.length} texts (corpus ${corpus.length}, documents ${documents.length}, paragraphs ${paragraphs.length}, variants ${variants.length}) in ${cpuMs.toFixed(0)} ms CPU`);
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
