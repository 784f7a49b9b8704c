// Trains the taint scan's classifier (third-party text: notes, passages, other agents' output) and
// writes data/taint-classifier.json. Training texts: the third-party lines of the outside authors'
// training sets (evals/guard-blind-set.jsonl, evals/independent/*.jsonl; never the held-out blind
// sets), the tune part of evals/third-party-corpus.json, and the knowledge base's own chunks as the
// runtime retrieves them (benign; the incident memo that quotes an injection left out).
// The threshold is calibrated on benign texts alone (k-fold, each judged by a model that never saw it;
// at most 2% of ordinary notes and passages may reach it), so no attack tunes it. Deterministic.
//   npm run guard:train
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { canonicalView, fileFromModel, TAINT_CLASSIFIER_PATH, trainGuardClassifier } from '../dist/policy/index.js';
import { classifierText, scoreView } from '../dist/policy/classifier/index.js';
import { chunkText } from '../dist/knowledge/chunk-text.js';
import { loadDocuments } from '../dist/knowledge/load-documents.js';

const evals = new URL('../evals/', import.meta.url);
const INSTRUCTION = 'indirect';
/** At most this share of benign texts, each scored by a model that never saw it, may be flagged. */
const MAX_FLAG_RATE = 0.02;
const FOLDS = 5;
const FLOOR = 0.3;
const CEILING = 0.9;
// A knowledge-base memo that quotes a planted instruction as its subject: tainted by design (search-policies.test.ts).
const TAINTED_BY_DESIGN = new Set(['internal-incident-memo-injection']);

const examples = [];
const independent = ['guard-blind-set.jsonl', ...readdirSync(new URL('independent/', evals)).filter((name) => name.endsWith('.jsonl') && !name.startsWith('pii')).sort().map((name) => `independent/${name}`)];
for (const file of independent) {
  for (const line of readFileSync(new URL(file, evals), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const item = JSON.parse(line);
    if (item.where !== 'third_party') continue;
    if (item.set !== 'third_party_attack' && item.set !== 'third_party_ordinary') throw new Error(`${file}: ${item.id} is third-party text of set ${item.set}`);
    examples.push({ text: item.text, label: item.set === 'third_party_attack' ? INSTRUCTION : 'benign', origin: 'independent' });
  }
}
for (const item of JSON.parse(readFileSync(new URL('third-party-corpus.json', evals), 'utf8')).texts) {
  if (item.part === 'tune') examples.push({ text: item.text, label: item.kind === 'injection' ? INSTRUCTION : 'benign', origin: 'own' });
}
const { documents } = await loadDocuments(fileURLToPath(new URL('../knowledge/docs/', import.meta.url)));
for (const doc of documents) {
  if (TAINTED_BY_DESIGN.has(doc.meta.id)) continue;
  for (const chunk of chunkText(doc.body)) examples.push({ text: `${doc.meta.title}\n${chunk.text}`, label: 'benign', origin: 'knowledge' });
}

// Notes written for people who handle the parcel (a courier, a branch agent, a driver): addressed and
// imperative, yet data. Outside authors wrote few that name an "agent", and the classifier took the
// word for the AI reader. Each prefix with each body, per language.
const NOTES_FOR_PEOPLE = {
  en: [
    ['Note for the agent:', 'Agent:', 'For the courier:', 'Driver, please', 'Attention delivery agent:', 'Branch agent:', 'To the courier -', 'Note for the branch:'],
    ['call the recipient an hour before arrival', 'leave the parcel with the concierge', 'fragile, keep upright', 'ring twice, the bell is broken', 'hand over only against ID', 'recipient works until 6 pm, deliver after that', 'entrance from the courtyard', 'do not leave at the door', 'check the contents with the recipient', 'collect cash on delivery, 1 250 UAH'],
  ],
  uk: [
    ['Примітка агенту:', 'Агенту:', 'Для кур’єра:', 'Водію:', 'Кур’єру, прохання:', 'Агенту відділення:', 'Увага, кур’єр:', 'Для оператора відділення:'],
    ['зателефонувати отримувачу за годину до приїзду', 'залишити у консьєржа', 'крихке, не перевертати', 'дзвонити двічі, дзвінок погано чути', 'видати тільки за паспортом', 'отримувач на роботі до 18:00, везти після', 'вхід з двору', 'не залишати під дверима', 'перевірити вміст разом з отримувачем', 'післяплата 1 250 грн, взяти готівкою'],
  ],
  ru: [
    ['Примечание агенту:', 'Агенту:', 'Для курьера:', 'Водителю:', 'Курьеру, просьба:', 'Агенту отделения:', 'Внимание, курьер:', 'Для оператора отделения:'],
    ['позвонить получателю за час до приезда', 'оставить у консьержа', 'хрупкое, не переворачивать', 'звонить дважды, звонок плохо слышно', 'выдать только по паспорту', 'получатель на работе до 18:00, везти после', 'вход со двора', 'не оставлять под дверью', 'проверить вложение вместе с получателем', 'наложенный платёж 1 250 грн, взять наличными'],
  ],
};
for (const [prefixes, bodies] of Object.values(NOTES_FOR_PEOPLE)) {
  for (const prefix of prefixes) for (const body of bodies) examples.push({ text: `${prefix} ${body}.`, label: 'benign', origin: 'own' });
}

// Linear: no hidden layer (the input model's), so the taint scan of every tool output stays one sum per segment.
const LINEAR = { hiddenUnits: 0 };
// What a worker answers when it found nothing or may not help: the supervisor reads every worker's
// answer as third-party text, and short statements about "the company policies" scored as
// instructions (0.61). Written for this list, per language; none orders anything.
const AGENT_NOTHING_FOUND = {
  en: [
    'The company policies do not cover this question.', 'None of the company documents answers this.', 'I found nothing about this in the policy library.', 'There is no rule about this in our policies.',
    'The policies say nothing about storing parcels abroad.', 'No shipment with that number exists.', 'I cannot help with that; it is outside shipments, stock and prices.', 'The knowledge base has no passage on this topic.',
    'Our delivery rules do not mention pets.', 'This is not covered by the refund policy.',
  ],
  uk: [
    'У правилах компанії про це нічого немає.', 'Жоден документ компанії на це не відповідає.', 'У бібліотеці правил про це нічого не знайдено.', 'Такого правила в наших політиках немає.',
    'Правила нічого не кажуть про зберігання посилок за кордоном.', 'Відправлення з таким номером не існує.', 'З цим я не допоможу: це поза відправленнями, залишками й цінами.', 'У базі знань немає фрагмента на цю тему.',
    'Наші правила доставки не згадують тварин.', 'Правила повернення цього не охоплюють.',
  ],
  ru: [
    'В правилах компании об этом ничего нет.', 'Ни один документ компании на это не отвечает.', 'В библиотеке правил об этом ничего не найдено.', 'Такого правила в наших политиках нет.',
    'Правила ничего не говорят о хранении посылок за границей.', 'Отправления с таким номером не существует.', 'С этим я не помогу: это вне отправлений, остатков и цен.', 'В базе знаний нет фрагмента на эту тему.',
    'Наши правила доставки не упоминают животных.', 'Правила возврата этого не охватывают.',
  ],
};
for (const texts of Object.values(AGENT_NOTHING_FOUND)) for (const text of texts) examples.push({ text, label: 'benign', origin: 'own' });

const started = performance.now();
const scores = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const model = trainGuardClassifier(examples.filter((_, index) => index % FOLDS !== fold), LINEAR);
  examples.forEach((example, index) => {
    if (index % FOLDS === fold && example.label === 'benign') scores.push(scoreView(canonicalView(classifierText(example.text)).view, model).score);
  });
}
scores.sort((a, b) => b - a);
const boundary = scores[Math.floor(scores.length * MAX_FLAG_RATE)] ?? 0;
const threshold = Math.min(CEILING, Math.max(FLOOR, Number((boundary + 0.005).toFixed(3))));
const flagRate = scores.filter((score) => score >= threshold).length / scores.length;
// The knowledge base's own passages are retrieved into every policy answer: none may be flagged (one
// scored 0.543 against a calibrated 0.533). The threshold is raised over the highest of them, once.
const calibrated = trainGuardClassifier(examples, { ...LINEAR, threshold });
const ownPassages = examples.filter((example) => example.origin === 'knowledge').map((example) => scoreView(canonicalView(classifierText(example.text)).view, calibrated).score);
const passageFloor = Number((Math.max(0, ...ownPassages) + 0.005).toFixed(3));
const model = passageFloor > threshold ? { ...calibrated, threshold: passageFloor } : calibrated;
const count = (label) => examples.filter((example) => (example.label === 'benign') === (label === 'benign')).length;
const file = fileFromModel(model, { corpus: 'evals/independent/*.jsonl third-party lines, evals/third-party-corpus.json (tune), knowledge/docs', attacks: count(INSTRUCTION), benign: count('benign') });
mkdirSync(new URL('./', TAINT_CLASSIFIER_PATH), { recursive: true });
writeFileSync(TAINT_CLASSIFIER_PATH, `${JSON.stringify(file)}\n`);
process.stdout.write(`${JSON.stringify({ written: 'data/taint-classifier.json', dims: file.dims, instructions: count(INSTRUCTION), benign: count('benign'), by_origin: Object.fromEntries(['independent', 'own', 'knowledge'].map((origin) => [origin, { instructions: examples.filter((e) => e.origin === origin && e.label !== 'benign').length, benign: examples.filter((e) => e.origin === origin && e.label === 'benign').length }])), calibration: { threshold: model.threshold, calibrated: threshold, own_passages_highest: Number(Math.max(0, ...ownPassages).toFixed(4)), benign_flag_rate: Number(flagRate.toFixed(4)), folds: FOLDS }, train_ms: Math.round(performance.now() - started) })}\n`);
