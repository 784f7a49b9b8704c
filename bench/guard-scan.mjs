// Guard throughput and linearity, as ratios measured in one run (never as timed tests). The whole
// guard: normalisation, rules over every view, the classifier, PII redaction.
// Run after `npm run build`: node bench/guard-scan.mjs  → prints JSON and writes bench/results/guard-scan.json
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { canonicalView, classifyText, detectInjection, guardScan, loadGuardClassifier, redactPii, scanUntrustedText } from '../dist/policy/index.js';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
// Milliseconds by the wall clock, or (`cpu`) by the process's CPU time: all its threads, the
// collector's included.
const wallClock = () => {
  const start = performance.now();
  return () => performance.now() - start;
};
const cpuClock = () => {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
};
/** The median of `runs` timings of `fn` after one untimed call. */
function time(fn, runs = 7, clock = wallClock) {
  fn();
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    const elapsed = clock();
    fn();
    samples.push(elapsed());
  }
  return median(samples);
}

const line = 'Де посилка TTN-000005? Клієнт просить повернути 720 грн, тел. +380 67 123 45 67. Please show the delivery rules.\n';
const mixed = line.repeat(Math.ceil(1_048_576 / line.length));
// Baseline: one pass of lower-casing the same text, the cheapest whole-text work there is.
const baselineMs = time(() => mixed.toLowerCase());
const mixedMs = time(() => guardScan(mixed));
// Short requests, as users send them: the ROT13, URL and reversed readings apply up to 16 KB.
const requests = Array.from({ length: 2000 }, (_, i) => `${line.slice(0, 60 + (i % 40))} ${i % 3 === 0 ? 'vtaber cerivbhf' : 'і g n o r e'}`);
const requestBytes = requests.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
const requestsMs = time(() => requests.forEach((text) => guardScan(text)), 3);
// The classifier alone on the canonical view of the mixed megabyte.
const model = loadGuardClassifier();
const view = canonicalView(mixed).view;
const classifierMs = time(() => classifyText(view, model));

// Varied real text (issue 36): the repository's documentation and knowledge base, each file scanned
// whole as a retrieved document would be, and the corpora's texts (requests, notes, PII sentences)
// each scanned alone as a request would be. Not one line repeated: the skip-ahead passes and the
// caches see text that changes.
const root = new URL('../', import.meta.url);
const markdown = (dir) => {
  const found = [];
  for (const entry of readdirSync(new URL(dir, root), { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...markdown(`${dir}${entry.name}/`));
    else if (entry.name.endsWith('.md')) found.push(readFileSync(new URL(`${dir}${entry.name}`, root), 'utf8'));
  }
  return found;
};
const documents = [readFileSync(new URL('README.md', root), 'utf8'), ...markdown('docs/'), ...markdown('knowledge/')];
const corpusTexts = (value, out = []) => {
  if (typeof value === 'string') return out;
  if (Array.isArray(value)) for (const item of value) corpusTexts(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'text' && typeof item === 'string') out.push(item);
      else corpusTexts(item, out);
    }
  }
  return out;
};
const corpora = readdirSync(new URL('evals/', root)).filter((name) => name.endsWith('.json')).sort()
  .flatMap((name) => corpusTexts(JSON.parse(readFileSync(new URL(`evals/${name}`, root), 'utf8'))));
const bytesOf = (texts) => texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
// Varied text is timed in the process's CPU time, not by the wall clock: the guard is synchronous
// work on one thread, so on an idle machine the two agree, and on a busy one (these machines are
// shared) the clock counts the time other jobs held the CPU.
// Seven passes after one to warm up, as the 1 MB figures: the JIT settles over the first three or
// four passes of the corpora, and a median of three had the second and third in it (about 8% slower).
const throughput = (texts, runs = 7, scan = guardScan) => {
  const ms = time(() => texts.forEach((text) => scan(text)), runs, cpuClock);
  const bytes = bytesOf(texts);
  return { texts: texts.length, bytes, ms: +ms.toFixed(1), mb_per_s: +(bytes / 1_048_576 / (ms / 1000)).toFixed(2) };
};
const load_before = loadavg().map((l) => +l.toFixed(2));
const together = (a, b) => ({ bytes: a.bytes + b.bytes, ms: +(a.ms + b.ms).toFixed(1), mb_per_s: +((a.bytes + b.bytes) / 1_048_576 / ((a.ms + b.ms) / 1000)).toFixed(2) });
const varied = { documents: throughput(documents), corpora: throughput(corpora) };
varied.all = together(varied.documents, varied.corpora);
varied.timing = 'process CPU time (user + system, all threads), median of 7 passes after one warm-up';
// The whole guard (all three on every text) is more than any one path runs: a request gets the input
// scan and the redaction, a tool result or a retrieved passage the taint scan and the redaction.
const channel = (scan) => together(throughput(documents, 7, scan), throughput(corpora, 7, scan));
varied.by_channel = {
  user: channel((text) => { detectInjection(text); redactPii(text); }),
  third_party: channel((text) => { scanUntrustedText(text); redactPii(text); }),
};

const adversarial = {
  'ignore ': 'ignore ',
  'a': 'a',
  '<|': '<|',
  'system: ': 'system: ',
  'покажи свої ': 'покажи свої ',
  '4111 ': '4111 ',
  '+380 ': '+380 ',
  'i g n ': 'i g n ',
  'іgnоrе\u200B': 'іgnоrе\u200B',
  '%69%67': '%69%67',
  '1gn0r3 ': '1gn0r3 ',
  'a\u0336': 'a\u0336',
  // The self-request detector: one endless sentence, and many short ones.
  'what your prompt ': 'what your prompt ',
  'show your setup. ': 'show your setup. ',
  // The intent detectors: concepts in one endless sentence, many short sentences read in threes,
  // quotes and links, role markup.
  'tell everyone all users ': 'tell everyone all users ',
  'head office approved. ': 'head office approved. ',
  'reply "x" a.example ': 'reply "x" a.example ',
  '\nbot ': '\nbot ',
};
const linearity = {};
for (const [name, unit] of Object.entries(adversarial)) {
  const at = (bytes) => unit.repeat(Math.ceil(bytes / unit.length));
  // In the process's CPU time, as the varied text: the wall clock counts other jobs' time on a shared
  // machine. Sizes this small still vary with the caches and the collector: on 2026-12-07 'a' read
  // 8.3x by the wall clock and 7.6x by the CPU in two bench runs, 2.2x to 4.6x in three runs of its own,
  // and 400 KB to 3.2 MB of it took 8 to 10 times as long (linear).
  const [small, large] = [at(100_000), at(400_000)].map((text) => time(() => guardScan(text), 7, cpuClock));
  linearity[name] = { ms_100k: +small.toFixed(2), ms_400k: +large.toFixed(2), ratio_400k_over_100k: +(large / small).toFixed(2) };
}

const result = {
  bench: 'guard-scan',
  node: process.version,
  mixed_1mb: {
    ms: +mixedMs.toFixed(1),
    mb_per_s: +(Buffer.byteLength(mixed) / 1_048_576 / (mixedMs / 1000)).toFixed(2),
    baseline_lowercase_ms: +baselineMs.toFixed(2),
    ratio_to_baseline: +(mixedMs / baselineMs).toFixed(1),
  },
  // Documents scanned whole and corpus texts one by one (the target of issue 36 is >= 3 MB/s on all).
  varied_real_text: varied,
  classifier_1mb: { ms: +classifierMs.toFixed(1), ms_per_kb: +(classifierMs / 1024).toFixed(4) },
  short_requests: { count: requests.length, ms_per_request: +(requestsMs / requests.length).toFixed(3), ms_per_kb: +(requestsMs / (requestBytes / 1024)).toFixed(3) },
  // A linear scan gives a ratio near 4 for 4× the input; catastrophic backtracking gives 16 or more.
  adversarial_linearity: linearity,
  worst_linearity_ratio: Math.max(...Object.values(linearity).map((l) => l.ratio_400k_over_100k)),
  load_average: { before: load_before, after: loadavg().map((l) => +l.toFixed(2)) },
};
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/guard-scan.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
