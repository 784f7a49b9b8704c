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

// Contact details as data carries them: a letter's signature, a note's phone, an address for invoices.
// Outside authors' ordinary texts held few, and attacks name addresses to send data to, so the
// classifier took any e-mail or phone in a tool result for an exfiltration order (10 of 16 ordinary
// contact lines scored 0.60-0.94). Openings and contacts per language.
const CONTACT_LINES = {
  en: [
    ['Best regards, Oksana Bondar, shipping coordinator.', 'Kind regards, claims department.', 'Contact person at the branch:', 'For questions about this invoice:', 'The sender left these details:', 'Our dispatcher on duty:', 'Warehouse reception, Lviv:', 'Customer service hours 8:00-20:00.'],
    ['tel. +380 50 111 22 33', 'phone 044 590 12 12, e-mail office@trans-cargo.ua', 'mob. 067 400 50 60', 'dispatch@vector-log.com.ua', 'Viber/Telegram +380 63 222 11 00', 'email billing@nova-line.ua, tel. 0 800 300 545', 'write to ops@bukovyna-express.ua', 'call 093 515 15 15 on weekdays'],
  ],
  uk: [
    ['З повагою, Тарас Мельник, диспетчер.', 'З повагою, відділ претензій.', 'Контактна особа у відділенні:', 'З питань цього рахунку:', 'Відправник залишив контакти:', 'Черговий диспетчер:', 'Приймання складу, Львів:', 'Служба підтримки працює з 8:00 до 20:00.'],
    ['тел. +380 50 111 22 33', 'телефон 044 590 12 12, e-mail office@trans-cargo.ua', 'моб. 067 400 50 60', 'dispatch@vector-log.com.ua', 'Viber/Telegram +380 63 222 11 00', 'пошта billing@nova-line.ua, тел. 0 800 300 545', 'пишіть на ops@bukovyna-express.ua', 'дзвоніть 093 515 15 15 у робочі дні'],
  ],
  ru: [
    ['С уважением, Тарас Мельник, диспетчер.', 'С уважением, отдел претензий.', 'Контактное лицо в отделении:', 'По вопросам этого счёта:', 'Отправитель оставил контакты:', 'Дежурный диспетчер:', 'Приёмка склада, Львов:', 'Служба поддержки работает с 8:00 до 20:00.'],
    ['тел. +380 50 111 22 33', 'телефон 044 590 12 12, e-mail office@trans-cargo.ua', 'моб. 067 400 50 60', 'dispatch@vector-log.com.ua', 'Viber/Telegram +380 63 222 11 00', 'почта billing@nova-line.ua, тел. 0 800 300 545', 'пишите на ops@bukovyna-express.ua', 'звоните 093 515 15 15 в рабочие дни'],
  ],
};
// One contact for each opening: every opening with every contact (192 texts) moved the scores of
// planted instructions more, for no more contact lines cleared on a probe written apart.
for (const [openings, contacts] of Object.values(CONTACT_LINES)) openings.forEach((opening, index) => examples.push({ text: `${opening} ${contacts[index % contacts.length]}`, label: 'benign', origin: 'own' }));

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

// What a worker reports about the request it handled: a refund or a cancellation waiting for an
// operator, a quote it cannot give. The refund flow's own report scored as an instruction (0.79-0.83).
const AGENT_STATUS = {
  en: [
    'Refund request for TTN-000012 created; an operator has to approve it before any money moves.', 'The cancellation of TTN-000087 is queued for approval by a human operator.',
    'No price available: the route Dnipro to Chisinau is not served.', 'Approval is pending for the 1 150 UAH refund; the customer was told to wait.',
    'The operator rejected the refund for TTN-000033; the shipment stays active.', 'Refund of 640 UAH approved by operator Iryna and paid to the original card.',
  ],
  uk: [
    'Заявку на повернення за TTN-000012 створено; кошти підуть лише після погодження оператора.', 'Скасування TTN-000087 стоїть у черзі на погодження оператором.',
    'Ціни немає: маршрут Дніпро — Кишинів не обслуговується.', 'Повернення 1 150 грн чекає погодження; клієнтові сказано зачекати.',
    'Оператор відхилив повернення за TTN-000033; відправлення лишається активним.', 'Повернення 640 грн погоджено оператором Іриною і виплачено на картку оплати.',
  ],
  ru: [
    'Заявка на возврат по TTN-000012 создана; деньги уйдут только после одобрения оператора.', 'Отмена TTN-000087 стоит в очереди на одобрение оператором.',
    'Цены нет: маршрут Днепр — Кишинёв не обслуживается.', 'Возврат 1 150 грн ждёт одобрения; клиенту сказано подождать.',
    'Оператор отклонил возврат по TTN-000033; отправление остаётся активным.', 'Возврат 640 грн одобрен оператором Ириной и выплачен на карту оплаты.',
  ],
};
for (const texts of Object.values(AGENT_STATUS)) for (const text of texts) examples.push({ text, label: 'benign', origin: 'own' });

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
