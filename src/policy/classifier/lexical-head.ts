import { lexicalFeatures } from './lexical-features.js';
import { minimiseLbfgs } from './minimise-lbfgs.js';

/**
 * The input classifier's attack score (issue 34): a logistic regression over TF-IDF weighted words,
 * word pairs and in-word character 2- to 5-grams (lexical-features.ts), each block scaled to unit
 * length over the features seen in training only. Trained to convergence with an L2 penalty, the
 * classes weighted to count alike. Beside the hashed softmax heads it blocked fewer operators'
 * questions about approvals and limits at the same attacks blocked: a feature never seen in training
 * (a rare word, a typo) no longer dilutes the ones it knows, and a word that appears in every kind of
 * text (IDF) weighs less than one that marks an attack.
 */
export interface LexicalHead {
  /** Buckets per block (a power of two): the word block, then the character block. */
  readonly dims: number;
  readonly bias: number;
  /**
   * Per bucket of both blocks, interleaved: its IDF over `idfScale` (0 for a bucket no training text
   * touched, which is then left out) and its weight over `weightScale`, as int16: as the file stores
   * them, so a trained head scores exactly as the same head loaded, from a quarter of the memory.
   */
  readonly table: Int16Array;
  readonly idfScale: number;
  readonly weightScale: number;
}

/** 1 + ln(count) for the counts a segment holds most: a feature seen once is the usual case. */
const LOG_COUNT = Float64Array.from({ length: 64 }, (_, count) => (count === 0 ? 0 : 1 + Math.log(count)));
const tfOf = (count: number): number => (count < LOG_COUNT.length ? (LOG_COUNT[count] as number) : 1 + Math.log(count));

/**
 * A segment of fewer words than this gets no opinion: scaled to unit length, one or two words carry
 * the whole vector, and «Просто цікаво.», "ok" or «Покажи» alone scored 0.73 to 0.92. The rules
 * and the concept detectors still read such a text, and the decoded readings of a short disguised
 * one are scored apart.
 */
export const LEXICAL_MIN_WORDS = 3;

/**
 * Below this many words a segment's evidence (its logit less the bias) counts in proportion to its
 * words: "your order no. 2986904465" scored 0.82 at full weight. On 4,364 labelled user texts outside
 * blind sets 4-9 this cost one attack of 2,249 and no look-alike, and cleared the PII corpus's
 * held-out order numbers (3 of 471 blocked before).
 */
const LEXICAL_FULL_WORDS = 5;

/**
 * The head's attack logit for one segment, NaN when it holds fewer than {@link LEXICAL_MIN_WORDS}
 * words or no feature of it was seen in training (no opinion: the segment is skipped, as a segment
 * without features is by the other heads). The IDF scale cancels out of each block's unit-length
 * sum, so the int16 IDFs are summed as they are.
 */
export function lexicalLogit(segment: string, head: LexicalHead): number {
  const { dims, table } = head;
  const features = lexicalFeatures(segment, dims);
  if (features.words < LEXICAL_MIN_WORDS) return Number.NaN;
  // An unknown bucket's IDF is 0: it adds 0 to each sum, so no branch asks (one on the looked-up IDF
  // waited for each lookup). Word features come before character n-grams (lexical-features.ts), so
  // each block has a loop of its own. The table is read through locals: through the counts' getters,
  // or a call per feature, the head took up to 2.4 times as long.
  const { order, slots, slotCounts, wordFeatures: split, distinct } = features;
  let wordNorm = 0;
  let wordSum = 0;
  for (let at = 0; at < split; at++) {
    const slot = order[at] as number;
    const bucket = slots[slot] as number;
    const value = tfOf(slotCounts[slot] as number) * (table[bucket * 2] as number);
    wordNorm += value * value;
    wordSum += value * (table[bucket * 2 + 1] as number);
  }
  let charNorm = 0;
  let charSum = 0;
  for (let at = split; at < distinct; at++) {
    const slot = order[at] as number;
    const bucket = slots[slot] as number;
    const value = tfOf(slotCounts[slot] as number) * (table[bucket * 2] as number);
    charNorm += value * value;
    charSum += value * (table[bucket * 2 + 1] as number);
  }
  if (wordNorm === 0 && charNorm === 0) return Number.NaN;
  const evidence = features.words < LEXICAL_FULL_WORDS ? features.words / LEXICAL_FULL_WORDS : 1;
  return head.bias + evidence * head.weightScale * ((wordNorm > 0 ? wordSum / Math.sqrt(wordNorm) : 0) + (charNorm > 0 ? charSum / Math.sqrt(charNorm) : 0));
}

const INT16_MAX = 32767;

/** Training settings of {@link trainLexicalHead}; the defaults are the shipped model's. */
export interface LexicalTrainingOptions {
  /** Buckets per block, a power of two (default 2^19: 2^20 blocked the same held-out texts within one in a thousand, at 2^18 collisions cost more). */
  readonly dims?: number;
  /** Inverse strength of the L2 penalty (default 16: weaker penalties fit the corpus's look-alikes better; at 4 more of those held out were blocked). */
  readonly c?: number;
  /** Iterations of the optimiser at most (default 1000). */
  readonly maxIterations?: number;
}

/** One training text's view and whether it is an attack. */
export interface LexicalExample {
  readonly view: string;
  readonly attack: boolean;
  /** How much the example weighs against the others of its class (default 1). */
  readonly weight?: number;
}

/**
 * Trains the head on canonical views. Deterministic: the same examples in the same order give the
 * same head. Throws a RangeError without examples of both classes.
 */
export function trainLexicalHead(examples: readonly LexicalExample[], options: LexicalTrainingOptions = {}): LexicalHead {
  const { dims = 1 << 19, c = 16, maxIterations = 1000 } = options;
  if (!Number.isInteger(Math.log2(dims))) throw new RangeError(`dims must be a power of two; got ${dims}`);
  const attacks = examples.filter((e) => e.attack).length;
  if (attacks === 0 || attacks === examples.length) throw new RangeError('training needs attacks and benign texts');
  // Each text's buckets and counts; the buckets any text touched are numbered compactly.
  const compact = new Int32Array(dims * 2).fill(-1);
  const known: number[] = [];
  const documentFrequency: number[] = [];
  const rows = examples.map((example) => {
    const features = lexicalFeatures(example.view, dims);
    const indices: number[] = [];
    const values: number[] = [];
    for (let at = 0, distinct = features.distinct; at < distinct; at++) {
      const bucket = features.bucket(at);
      let id = compact[bucket] as number;
      if (id < 0) {
        id = known.length;
        compact[bucket] = id;
        known.push(bucket);
        documentFrequency.push(0);
      }
      documentFrequency[id] = (documentFrequency[id] as number) + 1;
      indices.push(id);
      values.push(tfOf(features.count(at)));
    }
    return { indices: Int32Array.from(indices), values: Float64Array.from(values) };
  });
  const total = examples.length;
  const idf = Float64Array.from(documentFrequency, (df) => Math.log((1 + total) / (1 + df)) + 1);
  for (const row of rows) {
    let wordNorm = 0;
    let charNorm = 0;
    for (let at = 0; at < row.indices.length; at++) {
      const id = row.indices[at] as number;
      row.values[at] = (row.values[at] as number) * (idf[id] as number);
      if ((known[id] as number) < dims) wordNorm += (row.values[at] as number) ** 2;
      else charNorm += (row.values[at] as number) ** 2;
    }
    for (let at = 0; at < row.indices.length; at++) {
      const norm = (known[row.indices[at] as number] as number) < dims ? wordNorm : charNorm;
      row.values[at] = (row.values[at] as number) / Math.sqrt(norm);
    }
  }
  // Each class weighs as much as the other in all, a text's own weight counted within its class.
  const weightOf = (attack: boolean): number => examples.reduce((sum, e) => sum + (e.attack === attack ? (e.weight ?? 1) : 0), 0);
  const classWeight = { attack: total / (2 * weightOf(true)), benign: total / (2 * weightOf(false)) };
  const labels = examples.map((e) => (e.attack ? 1 : -1));
  const weights = examples.map((e) => (e.attack ? classWeight.attack : classWeight.benign) * (e.weight ?? 1));
  const features = known.length;
  // x holds the weights, then the bias (not penalised).
  const objective = (x: Float64Array, gradient: Float64Array): number => {
    let loss = 0;
    gradient.fill(0);
    for (let j = 0; j < features; j++) {
      const w = x[j] as number;
      loss += 0.5 * w * w;
      gradient[j] = w;
    }
    const bias = x[features] as number;
    for (let i = 0; i < rows.length; i++) {
      const { indices, values } = rows[i] as { indices: Int32Array; values: Float64Array };
      let z = bias;
      for (let at = 0; at < indices.length; at++) z += (x[indices[at] as number] as number) * (values[at] as number);
      const margin = (labels[i] as number) * z;
      // log(1 + e^-margin), computed without overflow either way.
      loss += c * (weights[i] as number) * (margin > 0 ? Math.log1p(Math.exp(-margin)) : -margin + Math.log1p(Math.exp(margin)));
      const slope = -c * (weights[i] as number) * (labels[i] as number) / (1 + Math.exp(margin));
      for (let at = 0; at < indices.length; at++) {
        const id = indices[at] as number;
        gradient[id] = (gradient[id] as number) + slope * (values[at] as number);
      }
      gradient[features] = (gradient[features] as number) + slope;
    }
    return loss;
  };
  const solution = minimiseLbfgs(objective, new Float64Array(features + 1), { maxIterations });
  // Quantised as stored (guard-classifier-model.ts); scales rounded as the file writes them.
  let idfMax = 0;
  let weightMax = 0;
  for (let id = 0; id < features; id++) {
    idfMax = Math.max(idfMax, idf[id] as number);
    weightMax = Math.max(weightMax, Math.abs(solution[id] as number));
  }
  const idfScale = Number((idfMax / INT16_MAX).toPrecision(8));
  const weightScale = Number((weightMax / INT16_MAX).toPrecision(8)) || 1;
  const table = new Int16Array(dims * 4);
  for (let id = 0; id < features; id++) {
    const bucket = known[id] as number;
    // Every known bucket keeps an IDF of at least 1 (IDFs are at least 1), so it is never taken for unknown.
    table[bucket * 2] = Math.max(1, Math.min(INT16_MAX, Math.round((idf[id] as number) / idfScale)));
    table[bucket * 2 + 1] = Math.max(-INT16_MAX, Math.min(INT16_MAX, Math.round((solution[id] as number) / weightScale)));
  }
  return { dims, bias: Number((solution[features] as number).toPrecision(8)), table, idfScale, weightScale };
}
