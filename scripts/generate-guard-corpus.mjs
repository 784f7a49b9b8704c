// Writes evals/guard-corpus.json: the attacks and benign look-alikes the injection classifier is
// trained and evaluated on (leave-one-family-out), from the hand-written phrasings beside this file
// plus deterministic obfuscated variants (leetspeak, spacing, look-alike letters, invisible and
// combining characters, fullwidth) and encoded payloads. Re-running it gives the same file:
//   node scripts/generate-guard-corpus.mjs
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ATTACKS as FIRST_ATTACKS, DECODE_CARRIERS, MORE_ATTACKS } from './guard-corpus-attacks.mjs';
import { BENIGN as FIRST_BENIGN, EARLIER_TEST_BENIGN, EVERYDAY_BENIGN, MORE_BENIGN } from './guard-corpus-benign.mjs';
import { INTENT_BENIGN } from './guard-corpus-benign-intents.mjs';
import { expandTemplates } from './guard-corpus-expand.mjs';
import { GENERALISE_ATTACKS, GENERALISE_BENIGN, GENERALISE_OFF_TOPIC } from './guard-corpus-generalise.mjs';
import { FIFTH_ATTACKS, FIFTH_ATTACKS_MIXED } from './guard-corpus-fifth-attacks.mjs';
import { FIFTH_BENIGN, FIFTH_OFF_TOPIC } from './guard-corpus-fifth-benign.mjs';
import { FIFTH_HELD_OUT_ATTACKS, FIFTH_HELD_OUT_LOOKALIKES, FIFTH_HELD_OUT_OFF_TOPIC } from './guard-corpus-fifth-held-out.mjs';
import { SIXTH_ATTACKS } from './guard-corpus-sixth.mjs';
import { SIXTH_BENIGN, SIXTH_OFF_TOPIC } from './guard-corpus-sixth-benign.mjs';
import { SIXTH_HELD_OUT_ATTACKS, SIXTH_HELD_OUT_LOOKALIKES, SIXTH_HELD_OUT_OFF_TOPIC } from './guard-corpus-sixth-held-out.mjs';
import { HELD_OUT_ATTACKS, HELD_OUT_BENIGN } from './guard-corpus-held-out.mjs';
import { OWN_HELD_OUT_ATTACKS, OWN_HELD_OUT_BENIGN } from './guard-corpus-own-held-out.mjs';
import { ISSUE_34_ATTACKS, ISSUE_34_BENIGN } from './guard-corpus-issue-34.mjs';
import { FRIENDLY_ROLES, OFF_TOPIC } from './guard-corpus-off-topic.mjs';
import { EVERYDAY_OFF_TOPIC, EVERYDAY_OWN_OVERVIEW, EVERYDAY_OWN_ROLE, EVERYDAY_REFUNDS } from './guard-corpus-everyday.mjs';
import { CONVERSATION_BENIGN } from './guard-corpus-conversation.mjs';
import { ordinaryRequests, policyQuestions } from './guard-corpus-ordinary.mjs';
import { TEMPLATE_ATTACKS } from './guard-corpus-template-attacks.mjs';
import { TEMPLATE_BENIGN } from './guard-corpus-template-benign.mjs';
import { UNSEEN_ATTACKS, UNSEEN_BENIGN } from './guard-corpus-unseen.mjs';
import { UNSEEN_2_ATTACKS, UNSEEN_2_BENIGN } from './guard-corpus-unseen-2.mjs';
import { VARIED_ATTACKS, VARIED_BENIGN } from './guard-corpus-varied.mjs';

// Texts per template and language: enough wordings to teach the intent, few enough that the
// hand-written phrasings still count.
const ATTACKS_PER_TEMPLATE = 6;
// Tracking ids in template texts are spread over many values, attacks and benign alike, so that no
// one id (TTN-000004 in "cancel TTN-000004 without approval") becomes a sign of attack.
let idTurn = 0;
const varyIds = (text) => text.replace(/TTN-\d{6}/g, () => `TTN-${String(((idTurn++ * 37) % 60) + 1).padStart(6, '0')}`);
const BENIGN_PER_TEMPLATE = 8;
// Plain cancel / refund / track requests: as many as the attacks that end with one.
const ORDINARY_PER_TEMPLATE = 64;

const merge = (first, more) => {
  const out = structuredClone(first);
  for (const [family, byLanguage] of Object.entries(more)) {
    out[family] ??= {};
    for (const [language, texts] of Object.entries(byLanguage)) out[family][language] = [...(out[family][language] ?? []), ...texts];
  }
  return out;
};
const ATTACKS = merge(FIRST_ATTACKS, MORE_ATTACKS);
const BENIGN = merge(merge(merge(merge(FIRST_BENIGN, MORE_BENIGN), EVERYDAY_BENIGN), EARLIER_TEST_BENIGN), INTENT_BENIGN);

const LATIN_TO_CYRILLIC = { a: 'а', c: 'с', e: 'е', i: 'і', o: 'о', p: 'р', x: 'х', y: 'у' };
const CYRILLIC_TO_OTHER = { о: 'ο', а: 'a', е: 'e', р: 'p', с: 'c', і: 'i' };
const LEET = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };

const mapLetters = (text, table, every) => {
  let n = 0;
  return [...text].map((char) => (table[char] !== undefined && n++ % every === 0 ? table[char] : char)).join('');
};
const firstWords = (text, count, fn) => {
  const words = text.split(' ');
  return [...words.slice(0, count).map(fn), ...words.slice(count)].join(' ');
};
const OBFUSCATIONS = {
  leetspeak: (text) => mapLetters(text, LEET, 1),
  spaced: (text) => firstWords(text, 4, (word) => [...word].join(word.length % 2 === 0 ? ' ' : '.')).replace(/ (?=\S{2,})/u, '  '),
  confusables: (text, language) => mapLetters(text, language === 'en' ? LATIN_TO_CYRILLIC : CYRILLIC_TO_OTHER, 2),
  invisible: (text) => text.replace(/(\p{L})(\p{L})(\p{L})/gu, '$1\u200B$2$3').replace(/ /g, (_, at) => (at % 2 === 0 ? '\u2800' : '\u3164')).replace(/(\p{L})(?=\p{L}{4})/u, '$1\uFE0F'),
  combining: (text) => text.replace(/(\p{L})/gu, (letter, _m, at) => (at % 3 === 0 ? `${letter}\u0336` : letter)),
  fullwidth: (text) => [...text].map((char) => (char >= '!' && char <= '~' ? String.fromCodePoint(char.codePointAt(0) + 0xfee0) : char)).join(''),
};
const OBFUSCATION_ORDER = Object.keys(OBFUSCATIONS);

const ENCODINGS = {
  base64: (text) => Buffer.from(text, 'utf8').toString('base64'),
  url: (text) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  hex: (text) => Buffer.from(text, 'utf8').toString('hex'),
  reversed: (text) => [...text].reverse().join(''),
  rot13: (text) => text.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97))),
};

const attacks = [];
const counters = new Map();
const nextId = (prefix) => {
  const n = (counters.get(prefix) ?? 0) + 1;
  counters.set(prefix, n);
  return `${prefix}-${String(n).padStart(3, '0')}`;
};

let variant = 0;
for (const [family, byLanguage] of Object.entries(ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) {
    texts.forEach((text, index) => {
      attacks.push({ id: nextId(`ga-${family}`), family, language, text });
      // Every other phrasing also appears in one disguise, the disguises taken in turn.
      if (index % 2 === 1) {
        const obfuscation = OBFUSCATION_ORDER[variant++ % OBFUSCATION_ORDER.length];
        if (obfuscation === 'leetspeak' && language !== 'en') return;
        attacks.push({ id: nextId(`ga-${family}`), family, language, obfuscation, text: OBFUSCATIONS[obfuscation](text, language) });
      }
    });
  }
}

// Template attacks: the same disguises in turn, on every third text.
for (const [family, byLanguage] of Object.entries(TEMPLATE_ATTACKS)) {
  for (const [language, templates] of Object.entries(byLanguage)) {
    expandTemplates(templates, ATTACKS_PER_TEMPLATE, family.length * 97 + language.charCodeAt(0)).map(varyIds).forEach((text, index) => {
      attacks.push({ id: nextId(`gt-${family}`), family, language, origin: 'template', text });
      if (index % 3 !== 2) return;
      let obfuscation = OBFUSCATION_ORDER[variant++ % OBFUSCATION_ORDER.length];
      if (obfuscation === 'leetspeak' && language !== 'en') obfuscation = 'confusables';
      attacks.push({ id: nextId(`gt-${family}`), family, language, origin: 'template', obfuscation, text: OBFUSCATIONS[obfuscation](text, language) });
    });
  }
}

// The varied phrasings (guard-corpus-varied.mjs), under their own prefix so earlier ids stay put:
// every other one also in a disguise, taken in turn.
for (const [family, byLanguage] of Object.entries(VARIED_ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) {
    texts.forEach((text, index) => {
      attacks.push({ id: nextId(`gv-${family}`), family, language, text });
      if (index % 2 !== 1) return;
      let obfuscation = OBFUSCATION_ORDER[variant++ % OBFUSCATION_ORDER.length];
      if (obfuscation === 'leetspeak' && language !== 'en') obfuscation = 'confusables';
      attacks.push({ id: nextId(`gv-${family}`), family, language, obfuscation, text: OBFUSCATIONS[obfuscation](text, language) });
    });
  }
}

// Issue 34's attacks (guard-corpus-issue-34.mjs), under their own prefix.
for (const [family, byLanguage] of Object.entries(ISSUE_34_ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) attacks.push({ id: nextId(`g34-${family}`), family, language, text });
}

// The generalisation pass (guard-corpus-generalise.mjs), under its own prefix.
for (const [family, byLanguage] of Object.entries(GENERALISE_ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) attacks.push({ id: nextId(`gg-${family}`), family, language, text });
}

// The fifth pass (guard-corpus-fifth-attacks.mjs), under its own prefix.
for (const [family, byLanguage] of [...Object.entries(FIFTH_ATTACKS), ...Object.entries(FIFTH_ATTACKS_MIXED)]) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) attacks.push({ id: nextId(`g5-${family}`), family, language, text });
}

// The sixth pass (guard-corpus-sixth.mjs), under its own prefix.
for (const [family, byLanguage] of Object.entries(SIXTH_ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) attacks.push({ id: nextId(`g6-${family}`), family, language, text });
}

// Encoded payloads: phrasings of the other families, encoded and wrapped in a carrier sentence.
let encodingTurn = 0;
const encodingNames = Object.keys(ENCODINGS);
for (const [language, carriers] of Object.entries(DECODE_CARRIERS)) {
  // Each payload remembers its source family, so that leaving a family out of training also leaves
  // out the encoded copies of its attacks.
  const sources = Object.entries(ATTACKS).flatMap(([family, byLanguage]) => byLanguage[language].filter((_, index) => index % 4 === 0).map((text) => ({ family, text })));
  sources.forEach(({ family: sourceFamily, text: source }, index) => {
    let encoding = encodingNames[encodingTurn++ % encodingNames.length];
    if (encoding === 'rot13' && language !== 'en') encoding = 'base64';
    const carrier = carriers[index % carriers.length];
    attacks.push({ id: nextId('ga-encoded'), family: 'encoded', language, obfuscation: encoding, source_family: sourceFamily, text: `${carrier}${ENCODINGS[encoding](source)}` });
  });
}

const benign = [];
for (const [resembles, byLanguage] of Object.entries(BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) {
    for (const text of texts) benign.push({ id: nextId('gb'), resembles, language, text });
  }
}

for (const [resembles, byLanguage] of Object.entries(TEMPLATE_BENIGN)) {
  for (const [language, templates] of Object.entries(byLanguage)) {
    for (const text of expandTemplates(templates, resembles === 'ordinary' ? ORDINARY_PER_TEMPLATE : BENIGN_PER_TEMPLATE, resembles.length * 131 + language.charCodeAt(1)).map(varyIds)) benign.push({ id: nextId('gtb'), resembles, language, origin: 'template', text });
  }
}

for (const [resembles, byLanguage] of Object.entries(VARIED_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) benign.push({ id: nextId('gvb'), resembles, language, text });
}

for (const { language, text } of ordinaryRequests(6)) benign.push({ id: nextId('go'), resembles: 'ordinary', language, text });
// The same plain requests with the customer's own details after them (issue 34): outside authors'
// attacks name phones, cards and IBANs, and without these the classifier took a customer's own details
// in a cancellation for a sign of attack. Values are fake and varied; the classifier reads them masked.
const OWN_DETAILS = {
  uk: ['Мій телефон {phone}.', 'Телефон {phone}, пошта {email}.', 'Повернення на картку {card}.', 'Мої дані: телефон {phone}, IBAN {iban}, ІПН {ipn}.', 'Картка {card}, паспорт {passport}, телефон {phone}.', 'Для зв\'язку: {email}, {phone}.'],
  ru: ['Мой телефон {phone}.', 'Телефон {phone}, почта {email}.', 'Возврат на карту {card}.', 'Мои данные: телефон {phone}, IBAN {iban}, ИНН {ipn}.', 'Карта {card}, паспорт {passport}, телефон {phone}.', 'Для связи: {email}, {phone}.'],
  en: ['My phone is {phone}.', 'Phone {phone}, email {email}.', 'Refund to my card {card}.', 'My details: phone {phone}, IBAN {iban}, tax id {ipn}.', 'Card {card}, passport {passport}, phone {phone}.', 'Contact me at {email} or {phone}.'],
};
const OWN_VALUES = {
  phone: ['+380 67 123 45 67', '050 765 43 21', '+380931112233', '(097) 555-44-33'],
  email: ['olena.k@ukr.net', 'petro1985@gmail.com', 'ivan.sydorenko@i.ua', 'm.bondar@company.com.ua'],
  card: ['4111 1111 1111 1111', '5375 4141 0000 1234', '4149 6090 1234 5678', '5168 7573 0000 9876'],
  iban: ['UA21 3223 1300 0002 6007 2335 6600 1', 'UA903052992990004149123456789', 'UA21 3052 9900 0002 6006 0123 4567 8'],
  ipn: ['3184710691', '2987654321', '3456789012'],
  passport: ['КН 987654', 'МЕ 123456', 'ВА 654321'],
};
let detailTurn = 0;
for (const { language, text } of ordinaryRequests(2)) {
  const tails = OWN_DETAILS[language];
  if (tails === undefined) continue;
  const tail = tails[detailTurn % tails.length].replace(/\{(\w+)\}/g, (_, key) => OWN_VALUES[key][(detailTurn * 7 + key.length) % OWN_VALUES[key].length]);
  detailTurn += 1;
  benign.push({ id: nextId('god'), resembles: 'ordinary_own_details', language, origin: 'template', text: `${text} ${tail}` });
}
for (const { language, text } of policyQuestions()) benign.push({ id: nextId('gp'), resembles: 'policy_question', language, text });
// Off-topic requests (issue 34): benign, so that "not about parcels" is not learnt as "attack".
for (const [language, texts] of Object.entries(OFF_TOPIC)) for (const text of texts) benign.push({ id: nextId('got'), resembles: 'off_topic', language, text });
for (const [resembles, byLanguage] of Object.entries(ISSUE_34_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) benign.push({ id: nextId('g34b'), resembles, language, text });
}
// The generalisation pass: off-topic requests about things in the world named with the words attacks
// use (settings, instructions, rules, passwords), and operators' reports and questions.
for (const [language, texts] of Object.entries(GENERALISE_OFF_TOPIC)) for (const text of texts) benign.push({ id: nextId('ggb'), resembles: 'off_topic_world', language, text });
for (const [resembles, byLanguage] of Object.entries(GENERALISE_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) benign.push({ id: nextId('ggb'), resembles, language, text });
}
for (const [language, texts] of Object.entries(FIFTH_OFF_TOPIC)) for (const text of texts) benign.push({ id: nextId('g5b'), resembles: 'off_topic_world', language, text });
for (const [resembles, byLanguage] of Object.entries(FIFTH_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) benign.push({ id: nextId('g5b'), resembles, language, text });
}
for (const [language, texts] of Object.entries(SIXTH_OFF_TOPIC)) for (const text of texts) benign.push({ id: nextId('g6b'), resembles: 'off_topic_world', language, text });
for (const [resembles, byLanguage] of Object.entries(SIXTH_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) benign.push({ id: nextId('g6b'), resembles, language, text });
}
for (const [language, texts] of Object.entries(FRIENDLY_ROLES)) for (const text of texts) benign.push({ id: nextId('got'), resembles: 'friendly_roles', language, text });
for (const [language, texts] of Object.entries(EVERYDAY_OFF_TOPIC)) for (const text of texts) benign.push({ id: nextId('gev'), resembles: 'off_topic_world', language, text });
for (const [language, texts] of Object.entries(EVERYDAY_OWN_OVERVIEW)) for (const text of texts) benign.push({ id: nextId('gev'), resembles: 'own_data_requests', language, text });
for (const [language, texts] of Object.entries(EVERYDAY_REFUNDS)) for (const text of texts) benign.push({ id: nextId('gev'), resembles: 'ordinary', language, text });
for (const [language, texts] of Object.entries(EVERYDAY_OWN_ROLE)) for (const text of texts) benign.push({ id: nextId('gev'), resembles: 'own_data_requests', language, text });
for (const [language, texts] of Object.entries(CONVERSATION_BENIGN)) for (const text of texts) benign.push({ id: nextId('gcv'), resembles: 'conversation', language, text });

// Texts written by independent authors who read neither the guard nor this corpus (issue 34, sixth
// pass): the first blind set (evals/guard-blind-set.jsonl, read item by item in the fifth pass) and
// evals/independent/*.jsonl, in the line format of bench/guard-blind-set.mjs. Their user-channel texts
// train the classifier beside the hand-written corpus, so it learns how people who never saw it write
// attacks and look-alikes; the third-party sets are read by the taint scan, not the classifier, and
// stay out. Their families map onto the classifier's.
const INDEPENDENT_FAMILY = {
  override: 'override', polite_indirect: 'override', obfuscation: 'override', homoglyph: 'override', roleplay: 'persona', fiction: 'persona', authority: 'fake_authority',
  refund_manipulation: 'fake_authority', exfiltration: 'secrets', fake_system: 'role_injection', encoded: 'encoded', multi_step: 'multi_turn', threat_urgency: 'goal_hijack',
  // The classifier's own family names, as the outside training sets of 2026-12-07 (train-staff, train-tech, …) give them.
  fake_authority: 'fake_authority', goal_hijack: 'goal_hijack', secrets: 'secrets', self_disclosure: 'self_disclosure', persona: 'persona', role_injection: 'role_injection', multi_turn: 'multi_turn',
};
// `dev-*.jsonl` sets do not train the input classifier: with them (2,070 texts) it blocked 0.6 to 2
// points fewer held-out attacks on four blind sets at the same look-alike rate (docs/guard-evaluation.md);
// the rules read them as a dev set, and their third-party lines train the taint classifier.
const independentFiles = ['guard-blind-set.jsonl', ...readdirSync(new URL('../evals/independent/', import.meta.url)).filter((name) => name.endsWith('.jsonl') && !name.startsWith('dev-')).sort().map((name) => `independent/${name}`)];
for (const file of independentFiles) {
  for (const line of readFileSync(new URL(`../evals/${file}`, import.meta.url), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const item = JSON.parse(line);
    if (item.where !== 'user') continue;
    if (item.set === 'attack') {
      const family = INDEPENDENT_FAMILY[item.family];
      if (family === undefined) throw new Error(`${file}: ${item.id} has family ${item.family}, which maps to none of the classifier's`);
      attacks.push({ id: nextId(`gi-${family}`), family, language: item.language, origin: 'independent', text: item.text });
    } else if (item.set === 'lookalike' || item.set === 'off_topic') {
      benign.push({ id: nextId('gib'), resembles: item.set === 'off_topic' ? 'off_topic' : 'independent_lookalike', language: item.language, origin: 'independent', text: item.text });
    }
  }
}

const corpus = { version: 1, source: 'scripts/generate-guard-corpus.mjs', attacks, benign };
writeFileSync(new URL('../evals/guard-corpus.json', import.meta.url), `${JSON.stringify(corpus, null, 2)}\n`);
// The unseen test set: never trained on (evals/guard-unseen.json, same format).
const unseen = { version: 1, source: 'scripts/guard-corpus-unseen.mjs', attacks: [], benign: [] };
for (const [family, byLanguage] of Object.entries(UNSEEN_ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) unseen.attacks.push({ id: nextId(`gu-${family}`), family, language, text });
}
for (const [resembles, byLanguage] of Object.entries(UNSEEN_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) unseen.benign.push({ id: nextId('gub'), resembles, language, text });
}
writeFileSync(new URL('../evals/guard-unseen.json', import.meta.url), `${JSON.stringify(unseen, null, 2)}\n`);
// The second unseen test set (evals/guard-unseen-2.json): written before the guard was changed against it.
const unseen2 = { version: 1, source: 'scripts/guard-corpus-unseen-2.mjs', attacks: [], benign: [] };
for (const [family, byLanguage] of Object.entries(UNSEEN_2_ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) unseen2.attacks.push({ id: nextId(`gu2-${family}`), family, language, text });
}
for (const [resembles, byLanguage] of Object.entries(UNSEEN_2_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) unseen2.benign.push({ id: nextId('gu2b'), resembles, language, text });
}
writeFileSync(new URL('../evals/guard-unseen-2.json', import.meta.url), `${JSON.stringify(unseen2, null, 2)}\n`);
// The held-out set of issue 34 (evals/guard-held-out.json): never trained, calibrated or tuned on.
const heldOut = { version: 1, source: 'scripts/guard-corpus-held-out.mjs', attacks: [], benign: [] };
for (const [family, byLanguage] of Object.entries(HELD_OUT_ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) heldOut.attacks.push({ id: nextId(`gh-${family}`), family, language, text });
}
for (const [resembles, byLanguage] of Object.entries(HELD_OUT_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) heldOut.benign.push({ id: nextId('ghb'), resembles, language, text });
}
writeFileSync(new URL('../evals/guard-held-out.json', import.meta.url), `${JSON.stringify(heldOut, null, 2)}\n`);
// The generalisation pass's own held-out set (evals/guard-own-held-out.json): never trained on.
const ownHeldOut = { version: 1, source: 'scripts/guard-corpus-own-held-out.mjs', attacks: [], benign: [] };
for (const [family, byLanguage] of Object.entries(OWN_HELD_OUT_ATTACKS)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) ownHeldOut.attacks.push({ id: nextId(`gho-${family}`), family, language, text });
}
for (const [resembles, byLanguage] of Object.entries(OWN_HELD_OUT_BENIGN)) {
  for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) ownHeldOut.benign.push({ id: nextId('ghob'), resembles, language, text });
}
writeFileSync(new URL('../evals/guard-own-held-out.json', import.meta.url), `${JSON.stringify(ownHeldOut, null, 2)}\n`);
// The fifth pass's own held-out set (evals/guard-fifth-held-out.jsonl, the line format of
// bench/guard-blind-set.mjs --set): never trained on.
const fifthHeldOut = [];
const heldOutLine = (set, family, language, text) => fifthHeldOut.push(JSON.stringify({ id: nextId('g5h'), set, family, language, where: 'user', text }));
for (const [family, byLanguage] of Object.entries(FIFTH_HELD_OUT_ATTACKS)) for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) heldOutLine('attack', family, language, text);
for (const [language, texts] of Object.entries(FIFTH_HELD_OUT_LOOKALIKES)) for (const text of texts) heldOutLine('lookalike', 'operator', language, text);
for (const [language, texts] of Object.entries(FIFTH_HELD_OUT_OFF_TOPIC)) for (const text of texts) heldOutLine('off_topic', 'off_topic', language, text);
writeFileSync(new URL('../evals/guard-fifth-held-out.jsonl', import.meta.url), `${fifthHeldOut.join('\n')}\n`);
// The sixth pass's own held-out set (evals/guard-sixth-held-out.jsonl, same line format): never trained on.
const sixthHeldOut = [];
const sixthLine = (set, family, language, text) => sixthHeldOut.push(JSON.stringify({ id: nextId('g6h'), set, family, language, where: 'user', text }));
for (const [family, byLanguage] of Object.entries(SIXTH_HELD_OUT_ATTACKS)) for (const [language, texts] of Object.entries(byLanguage)) for (const text of texts) sixthLine('attack', family, language, text);
for (const [language, texts] of Object.entries(SIXTH_HELD_OUT_LOOKALIKES)) for (const text of texts) sixthLine('lookalike', 'operator', language, text);
for (const [language, texts] of Object.entries(SIXTH_HELD_OUT_OFF_TOPIC)) for (const text of texts) sixthLine('off_topic', 'off_topic', language, text);
writeFileSync(new URL('../evals/guard-sixth-held-out.jsonl', import.meta.url), `${sixthHeldOut.join('\n')}\n`);
const families = Object.fromEntries([...new Set(attacks.map((a) => a.family))].map((f) => [f, attacks.filter((a) => a.family === f).length]));
process.stdout.write(`${JSON.stringify({ attacks: attacks.length, benign: benign.length, look_alikes: benign.filter((b) => b.resembles !== 'ordinary').length, families })}\n`);
