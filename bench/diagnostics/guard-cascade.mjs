// Checks the input classifier's cascade (classify-text.ts: the hidden layer runs only where its
// clamped logit can change a verdict, hidden-layer.ts `hiddenBand`) against the layer run on every
// segment: the input guard's verdict (blocked, label, rule; the family named apart: a blocked text of
// several segments or views may name another blocked segment's) on every text the repository
// holds, as guard-verdicts.mjs gathers them (corpora, documents, paragraphs, disguised variants; the
// blind sets fed through unread, only counts shown). Run after `npm run build`:
//   node bench/diagnostics/guard-cascade.mjs   → counts differences, exits 1 on any
import { readdirSync, readFileSync } from 'node:fs';
import { detectInjection, loadGuardClassifier } from '../../dist/policy/index.js';

const root = new URL('../../', import.meta.url);
const strings = (value, out) => {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
};
const files = (dir, suffix) => readdirSync(new URL(dir, root), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(`${dir}${entry.name}/`, suffix) : entry.name.endsWith(suffix) ? [`${dir}${entry.name}`] : []));
const read = (name) => readFileSync(new URL(name, root), 'utf8');
const corpus = [];
for (const name of files('evals/', '.json').sort()) strings(JSON.parse(read(name)), corpus);
for (const name of files('evals/', '.jsonl').sort()) for (const line of read(name).split('\n')) if (line.trim() !== '') strings(JSON.parse(line), corpus);
const documents = ['README.md', ...files('docs/', '.md'), ...files('knowledge/', '.md')].map(read);
const variantsOf = (text) => [text.toUpperCase(), text.replace(/(\p{L})(\p{L})/gu, '$1\u200B$2'), [...text].reverse().join(''), Buffer.from(text).toString('base64'), `Note: ${text}`];
const variants = corpus.filter((text) => text.length > 3 && text.length < 2000).flatMap(variantsOf);
const texts = [...new Set([...corpus, ...documents, ...documents.flatMap((doc) => doc.split(/\n\s*\n/)), ...variants])];

const shipped = loadGuardClassifier();
if (shipped.hidden === undefined) throw new Error('the shipped classifier has no hidden layer: nothing to compare');
const exact = { ...shipped, exact: true };
const verdict = (text, classifier) => {
  const { blocked, label, rule, family } = detectInjection(text, { classifier });
  return { decision: `${blocked}|${label}|${rule}`, family };
};
let differences = 0;
let families = 0;
let sameScore = 0;
for (const text of texts) {
  const [fast, full] = [verdict(text, shipped), verdict(text, exact)];
  if (fast.decision !== full.decision) differences++;
  else if (fast.family !== full.family) families++;
  if (detectInjection(text, { classifier: shipped }).score === detectInjection(text, { classifier: exact }).score) sameScore++;
}
console.log(`${texts.length} texts: ${differences} verdict differences between the cascade and the layer on every segment (${families} more name another family); ${sameScore} with the same score (to 4 places) as well`);
process.exitCode = differences === 0 ? 0 : 1;
