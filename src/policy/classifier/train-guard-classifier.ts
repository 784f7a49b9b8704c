import type { ClassifierHead, GuardClassifierModel } from './guard-classifier-model.js';
import { textFeatures } from './text-features.js';
import type { SparseFeatures } from './text-features.js';
import { normaliseText, reverseText, rot13 } from '../normalise/index.js';
import { classifierText } from './classifier-text.js';
import { seededRandom } from './seeded-random.js';
import { forEachEpoch } from './training-epochs.js';
import { trainHiddenLayer } from './hidden-layer.js';
import { trainLexicalHead } from './lexical-head.js';
import type { LexicalTrainingOptions } from './lexical-head.js';

/** One labelled text: `benign` or the name of an attack family. */
export interface TrainingExample {
  readonly text: string;
  readonly label: string;
  /** How much the example weighs against the others of its class (default 1). */
  readonly weight?: number;
}

/** Training settings; the defaults train the hashed heads as the taint model's are (the shipped input model adds `lexical` and the PII sentences: src/evals/guard/guard-training.ts). */
export interface TrainingOptions {
  /** Hash buckets, a power of two (default 32768). */
  readonly dims?: number;
  /** Passes over the data (default 8: more passes memorise the n-grams of the families seen and generalise worse to a family held out). */
  readonly epochs?: number;
  /** Starting learning rate (default 0.6), decayed by epoch. */
  readonly learningRate?: number;
  /** How much a benign example weighs against an attack (default 1). */
  readonly benignWeight?: number;
  /** Attack probability at which a text is blocked (default 0.5; the shipped model's is calibrated on benign texts judged unseen, see scripts/train-guard-classifier.mjs). */
  readonly threshold?: number;
  /** Weight decay per update of a touched weight (default 0). */
  readonly l2?: number;
  /** Seed of the shuffle (default 20). */
  readonly seed?: number;
  /** Units of the hidden layer trained beside the attack head (default 32, or 0 with `lexical`, which allows no other; 0: the linear heads alone, as the taint model). */
  readonly hiddenUnits?: number;
  /** The hidden layer's starting learning rate (default 0.2), decayed by epoch as the heads'. */
  readonly hiddenRate?: number;
  /** Weight decay of the hidden layer's input weights, per update of a touched bucket (default 0.001: without it the layer blocked plain Ukrainian refund requests its training held). */
  readonly hiddenL2?: number;
  /** Passes of the hidden layer over the data (default: `epochs`). */
  readonly hiddenEpochs?: number;
  /**
   * Train the lexical head (lexical-head.ts) and score with it (the shipped input model does); the
   * hashed attack head and the hidden layer, which it replaces, are then not trained. Absent: the
   * hashed heads alone (faster: the tests and the taint model).
   */
  readonly lexical?: LexicalTrainingOptions;
  /** Examples trained on beside the given ones in every model trained with these options (the k-fold and held-out models too). */
  readonly extraExamples?: readonly TrainingExample[];
}

interface Example {
  readonly features: SparseFeatures;
  readonly label: number;
  readonly weight: number;
}

// The ROT13 and reversed readings weigh less than real examples: they teach only that gibberish is
// not an attack, and must not drown the attacks.
const GIBBERISH_WEIGHT = 0.25;
/** The corpus family of attacks hidden in ROT13, reversed text, base64 and the like. */
const ENCODED_FAMILY = 'encoded';


/**
 * Trains the heads on the canonical view of each example: the score's, `attack` (benign against
 * every family pooled, which is what generalises to a family never seen) or with `lexical` the
 * lexical head, and `family` (attacks only, to name one). Deterministic: fixed seed, fixed order of
 * operations. A second or two for a thousand examples. Throws a RangeError on bad options, or with
 * no benign example or no attack.
 */
export function trainGuardClassifier(examples: readonly TrainingExample[], options: TrainingOptions = {}): GuardClassifierModel {
  const { dims = 32768, epochs = 8, learningRate = 0.6, benignWeight = 1, threshold = 0.5, seed = 20, l2 = 0, hiddenRate = 0.2, hiddenL2 = 0.001 } = options;
  const hiddenUnits = options.hiddenUnits ?? (options.lexical === undefined ? 32 : 0);
  if (!Number.isInteger(Math.log2(dims))) throw new RangeError(`dims must be a power of two; got ${dims}`);
  // The lexical head gives the score: an attack head or a hidden layer beside it would never be read.
  if (options.lexical !== undefined && hiddenUnits > 0) throw new RangeError('the lexical head replaces the hidden layer: hiddenUnits must be 0 with it');
  const all = [...examples, ...(options.extraExamples ?? [])];
  const families = [...new Set(all.map((e) => e.label).filter((label) => label !== 'benign'))];
  if (families.length === 0 || !all.some((e) => e.label === 'benign')) throw new RangeError('training needs benign examples and at least one attack family');
  const binary: Example[] = [];
  const byFamily: Example[] = [];
  const views: { view: string; attack: boolean; weight: number }[] = [];
  for (const example of all) {
    const view = normaliseText(classifierText(example.text));
    const attack = example.label !== 'benign';
    views.push({ view, attack, weight: example.weight ?? 1 });
    const features = textFeatures(view, dims);
    if (attack) byFamily.push({ features, label: families.indexOf(example.label), weight: example.weight ?? 1 });
    // Only the hashed attack head and the hidden layer read the binary examples.
    if (options.lexical !== undefined) continue;
    binary.push({ features, label: attack ? 1 : 0, weight: (attack ? 1 : benignWeight) * (example.weight ?? 1) });
    // The guard also scores the ROT13 and reversed readings of every text; those readings of
    // ordinary text are gibberish, and gibberish must score as benign, not as the unknown. An
    // encoded attack's reading is the plain attack, never benign: it is left out.
    if (example.label === ENCODED_FAMILY) continue;
    binary.push({ features: textFeatures(normaliseText(rot13(example.text)), dims), label: 0, weight: GIBBERISH_WEIGHT });
    binary.push({ features: textFeatures(normaliseText(reverseText(example.text)), dims), label: 0, weight: GIBBERISH_WEIGHT });
  }
  const settings = { dims, epochs, learningRate, seed, l2 };
  // Each head draws its example order from a generator of its own seed: leaving one out changes no other.
  const family = trainHead(byFamily, families.length > 1 ? families : [...families, 'other'], settings);
  if (options.lexical !== undefined) return { dims, threshold, family, lexical: trainLexicalHead(views, options.lexical) };
  const attack = trainHead(binary, ['benign', 'attack'], settings);
  if (hiddenUnits === 0) return { dims, threshold, attack, family };
  // The same binary examples, gibberish readings at their weight, as the attack head.
  return { dims, threshold, attack, family, hidden: trainHiddenLayer(binary, { dims, units: hiddenUnits, epochs: options.hiddenEpochs ?? epochs, learningRate: hiddenRate, seed, l2: hiddenL2 }) };
}

function trainHead(data: readonly Example[], classes: readonly string[], settings: { dims: number; epochs: number; learningRate: number; seed: number; l2: number }): ClassifierHead {
  const k = classes.length;
  const weights = new Float32Array(settings.dims * k);
  const bias = new Float32Array(k);
  const out = new Float64Array(k);
  forEachEpoch(data.length, settings.epochs, settings.learningRate, seededRandom(settings.seed), (order, rate) => {
    for (const index of order) {
      const example = data[index];
      if (example === undefined) continue;
      const { indices, values } = example.features;
      probabilities({ classes, bias, weights }, indices, values, out);
      for (let c = 0; c < k; c++) {
        const gradient = ((out[c] ?? 0) - (c === example.label ? 1 : 0)) * example.weight * rate;
        if (gradient === 0) continue;
        bias[c] = (bias[c] ?? 0) - gradient * 0.1;
        for (let f = 0; f < indices.length; f++) {
          const at = (indices[f] ?? 0) * k + c;
          const w = weights[at] ?? 0;
          weights[at] = w - gradient * (values[f] ?? 0) - rate * settings.l2 * w;
        }
      }
    }
  });
  return { classes, bias, weights };
}

/** Softmax of one head's logits for one feature vector, written into `out`. */
export function probabilities(head: ClassifierHead, indices: Uint32Array, values: Float32Array, out: Float64Array): void {
  const k = head.classes.length;
  const { bias, weights } = head;
  if (k === 2) {
    // The attack head, read for every view and segment: its two logits kept in locals (the same sums in the same order).
    let benign = bias[0] ?? 0;
    let attack = bias[1] ?? 0;
    for (let f = 0; f < indices.length; f++) {
      const base = (indices[f] ?? 0) * 2;
      const value = values[f] ?? 0;
      benign += (weights[base] ?? 0) * value;
      attack += (weights[base + 1] ?? 0) * value;
    }
    out[0] = benign;
    out[1] = attack;
  } else if (head.quantised !== undefined) {
    // A loaded head's weights read as stored, int16 times the class's scale: the same float32 weight
    // from half the memory (the family head is 1.2 MB of float32, missed in the cache feature by feature).
    const { raw, scales } = head.quantised;
    for (let c = 0; c < k; c++) out[c] = bias[c] ?? 0;
    for (let f = 0; f < indices.length; f++) {
      const base = (indices[f] ?? 0) * k;
      const value = values[f] ?? 0;
      for (let c = 0; c < k; c++) out[c] = (out[c] ?? 0) + Math.fround((raw[base + c] ?? 0) * (scales[c] ?? 0)) * value;
    }
  } else {
    for (let c = 0; c < k; c++) out[c] = bias[c] ?? 0;
    for (let f = 0; f < indices.length; f++) {
      const base = (indices[f] ?? 0) * k;
      const value = values[f] ?? 0;
      for (let c = 0; c < k; c++) out[c] = (out[c] ?? 0) + (weights[base + c] ?? 0) * value;
    }
  }
  softmaxInPlace(out, k);
}

/** Replaces the first `k` logits of `out` by their softmax probabilities (the last step of {@link probabilities}). */
export function softmaxInPlace(out: Float64Array, k: number): void {
  let max = -Infinity;
  for (let c = 0; c < k; c++) max = Math.max(max, out[c] ?? 0);
  let sum = 0;
  for (let c = 0; c < k; c++) {
    const e = Math.exp((out[c] ?? 0) - max);
    out[c] = e;
    sum += e;
  }
  for (let c = 0; c < k; c++) out[c] = (out[c] ?? 0) / sum;
}

/**
 * The second probability of a two-class softmax over `logits` (benign, attack): the arithmetic of
 * {@link probabilities}' softmax step for step, so the same bits.
 */
export function softmax2(logits: Float64Array): number {
  const benign = logits[0] ?? 0;
  const attack = logits[1] ?? 0;
  const max = Math.max(Math.max(-Infinity, benign), attack);
  const eBenign = Math.exp(benign - max);
  const eAttack = Math.exp(attack - max);
  let sum = 0;
  sum += eBenign;
  sum += eAttack;
  return eAttack / sum;
}
