// Knowledge retrieval at 10k and 100k synthetic chunks: ingest time, index build time, and query
// p50/p95 for lexical (in-memory BM25), dense (exact cosine, 384 dims) and fused (RRF), with SQLite FTS5
// BM25 over the same chunks as the baseline measured in the same run.
// Run after `npm run build`: node bench/knowledge-retrieval.mjs  → prints JSON and writes
// bench/results/knowledge-retrieval.json. Sizes can be overridden: node bench/knowledge-retrieval.mjs 2000 20000
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { KnowledgeBase, LocalEmbedder } from '../dist/knowledge/index.js';

const SIZES = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [10_000, 100_000];
const QUERIES = 100;

// mulberry32: a small seeded PRNG, so every run sees the same corpus and queries.
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UK = `відправлення посилка тариф доставка повернення коштів скасування оператор склад залишок відділення
отримувач відправник страхування оголошена вартість пакування крихкий вантаж затримка снігопад траса маршрут
кілометр кілограм ліміт ваги нічний експрес стандарт процедура інвентаризація претензія компенсація
пошкодження втрата адреса уточнення дзвінок клієнт рахунок картка банківський переказ фінансовий відділ
рішення строк робочі дні заявка схвалення ескалація керівник зміни знижка договір маржа собівартість
перевезення рейс сортування приймання вручення зберігання безкоштовно платно документ паспорт чек накладна
акумулятор батарея ноутбук монітор клавіатура принтер роутер заборонені вкладення хімічні речовини`
  .split(/\s+/);
const EN = `shipment parcel tariff delivery refund cancellation operator warehouse stock branch recipient sender
insurance declared value packaging fragile cargo delay snowfall road route kilometre kilogram weight limit
overnight express standard procedure inventory claim compensation damage loss address confirmation call
customer account card bank transfer finance team decision deadline working days request approval escalation
shift lead discount contract margin cost line haul sorting acceptance handover storage free charge document
passport receipt invoice battery laptop monitor keyboard printer router prohibited items chemicals screening`
  .split(/\s+/);
const CITIES = ['Київ', 'Львів', 'Одеса', 'Харків', 'Дніпро', 'Kyiv', 'Lviv', 'Odesa', 'Kharkiv', 'Dnipro'];
const SCOPES = ['customer', 'tariffs', 'refunds', 'operations', 'internal'];
const SENSITIVITY = ['public', 'public', 'public', 'internal', 'restricted'];

const pick = (random, list) => list[Math.floor(random() * list.length)];
const code = (random) => `${pick(random, ['ПВ', 'СК', 'АД', 'DC', 'FR', 'OVR'])}-${1 + Math.floor(random() * 400)}`;

// Word forms (a few inflections per base word) drawn with a Zipf law, as in real text: a few very
// common words and a long tail, so postings lists have realistic lengths.
function zipfVocabulary(random) {
  const forms = [
    ...UK.flatMap((word) => ['', 'и', 'у', 'ою', 'ів', 'ам', 'ах', 'ові'].map((suffix) => word + suffix)),
    ...EN.flatMap((word) => ['', 's', 'ed', 'ing', 'er'].map((suffix) => word + suffix)),
    ...CITIES,
  ];
  for (let i = forms.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [forms[i], forms[j]] = [forms[j], forms[i]];
  }
  const cdf = [];
  let total = 0;
  for (let rank = 1; rank <= forms.length; rank += 1) cdf.push((total += 1 / rank ** 1.07));
  const draw = () => {
    const target = random() * total;
    let lo = 0;
    let hi = cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return forms[lo];
  };
  return { forms, draw };
}

function sentence(random, vocabulary) {
  const words = Array.from({ length: 8 + Math.floor(random() * 10) }, vocabulary.draw);
  if (random() < 0.15) words.push(code(random));
  if (random() < 0.2) words.push(String(Math.floor(random() * 10_000)));
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

// One document per chunk: a body under the 800-character chunk size, so N documents are N chunks.
function syntheticDocuments(count, random, vocabulary) {
  const documents = [];
  for (let i = 0; i < count; i += 1) {
    let body = '';
    while (body.length < 450) body += `${sentence(random, vocabulary)} `;
    body = body.slice(0, 760).trim();
    const scope = pick(random, SCOPES);
    const meta = { id: `syn-${i}`, title: sentence(random, vocabulary).slice(0, 60), scope, sensitivity: pick(random, SENSITIVITY), source_kind: 'policy', retrieval_hints: [] };
    documents.push({ meta, body, sourcePath: `synthetic/${i}.md`, contentHash: createHash('sha256').update(body).digest('hex') });
  }
  return documents;
}

// Queries mix content words from anywhere in the vocabulary with a common one or two.
function syntheticQueries(random, vocabulary) {
  return Array.from({ length: QUERIES }, () => {
    const words = Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(random, vocabulary.forms));
    words.push(vocabulary.draw());
    if (random() < 0.3) words.push(code(random));
    return words.join(' ');
  });
}

const percentile = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2);
};
const summary = (samples) => ({ p50_ms: percentile(samples, 50), p95_ms: percentile(samples, 95) });

async function timeQueries(queries, run) {
  for (const query of queries.slice(0, 5)) await run(query); // warm-up
  const samples = [];
  for (const query of queries) {
    const start = performance.now();
    await run(query);
    samples.push(performance.now() - start);
  }
  return summary(samples);
}

async function benchSize(size) {
  const random = prng(size);
  const vocabulary = zipfVocabulary(random);
  const documents = syntheticDocuments(size, random, vocabulary);
  const queries = syntheticQueries(random, vocabulary);
  const dir = mkdtempSync(join(tmpdir(), 'waybill-bench-kb-'));
  const scopes = { version: 1, agents: { bench: { scopes: ['customer', 'tariffs'], max_sensitivity: 'public', deny_patterns: ['synthetic/1*'], customer_facing: true, admin: false } } };
  try {
    const kb = await KnowledgeBase.open({ path: join(dir, 'bench.db'), scopes, embedder: new LocalEmbedder() });
    let start = performance.now();
    const report = await kb.ingestDocuments(documents);
    const ingestMs = performance.now() - start;
    start = performance.now();
    await kb.retrieveUnscoped('warm up', { limit: 1 });
    const indexBuildMs = performance.now() - start;
    const result = {
      chunks: report.chunks,
      ingest_ms: Math.round(ingestMs),
      ingest_chunks_per_s: Math.round(report.chunks / (ingestMs / 1000)),
      index_build_ms: Math.round(indexBuildMs),
      lexical: await timeQueries(queries, (q) => kb.retrieveUnscoped(q, { limit: 10, mode: 'lexical' })),
      dense: await timeQueries(queries, (q) => kb.retrieveUnscoped(q, { limit: 10, mode: 'dense' })),
      fused: await timeQueries(queries, (q) => kb.retrieveUnscoped(q, { limit: 10, mode: 'fused' })),
      // The whole tool call: visibility filter, fused ranking twice (agent view and blocked count), taint scan, audit write.
      search_policies: await timeQueries(queries, (q) => kb.searchPolicies({ agent: 'bench', query: q, limit: 5 })),
    };
    await kb.close();
    result.fts5_baseline = benchFts5(documents, queries);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function benchFts5(documents, queries) {
  const db = new Database(':memory:');
  db.exec("CREATE VIRTUAL TABLE chunks USING fts5(text, tokenize = 'unicode61 remove_diacritics 2')");
  const insert = db.prepare('INSERT INTO chunks (rowid, text) VALUES (?, ?)');
  let start = performance.now();
  db.transaction(() => documents.forEach((doc, i) => insert.run(i + 1, `${doc.meta.title}\n${doc.body}`)))();
  const ingestMs = performance.now() - start;
  const search = db.prepare('SELECT rowid, bm25(chunks) AS score FROM chunks WHERE chunks MATCH ? ORDER BY score LIMIT 50');
  const toMatch = (query) => query.toLowerCase().match(/[\p{L}\p{N}]+/gu).map((word) => `"${word}"`).join(' OR ');
  const samples = [];
  for (const query of queries.slice(0, 5)) search.all(toMatch(query));
  for (const query of queries) {
    start = performance.now();
    search.all(toMatch(query));
    samples.push(performance.now() - start);
  }
  db.close();
  return { ingest_ms: Math.round(ingestMs), query: summary(samples) };
}

const started = performance.now();
const sizes = {};
for (const size of SIZES) sizes[String(size)] = await benchSize(size);
const result = {
  bench: 'knowledge-retrieval',
  node: process.version,
  embedder: new LocalEmbedder().id,
  queries_per_mode: QUERIES,
  notes: 'one chunk per synthetic document (≤ 760 chars, mixed Ukrainian/English words drawn with a Zipf law, codes such as ПВ-17); ingest = chunk, embed, write to SQLite; index_build = load from SQLite, BM25 and dense matrix; query times include query embedding; fts5_baseline = SQLite FTS5 bm25() over the same texts, top 50',
  sizes,
  total_s: +((performance.now() - started) / 1000).toFixed(1),
};
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/knowledge-retrieval.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
