// Checks the input classifier's cascade (classify-text.ts: the hidden layer runs only where its
// clamped logit can change a verdict, hidden-layer.ts `hiddenBand`) against the layer run on every
// segment: the input guard's verdict (blocked, label, rule; the family named apart: a blocked text of
// several segments or views may name another blocked segment's) on every text the repository
// holds, as guard-verdicts.mjs reads them (lib/repository-texts.mjs: corpora, documents, paragraphs,
// disguised variants; the blind sets fed through unread, only counts shown). Run after `npm run build`:
//   node bench/diagnostics/guard-cascade.mjs   → counts differences, exits 1 on any
import { detectInjection, loadGuardClassifier } from '../../dist/policy/index.js';
import { repositoryTexts } from '../lib/repository-texts.mjs';

const { texts } = repositoryTexts(new URL('../../', import.meta.url));

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
console.log(`${texts.length} texts: ${differences} verdict differences between the cascade and the layer on every segment (${families} more name another family); ${sameScore} with the very same score as well (outside the band the cascade gives the linear score)`);
process.exitCode = differences === 0 ? 0 : 1;
