import type { ClassifierHead, GuardClassifierModel } from './guard-classifier-model.js';
import { featureLogits, mirroredLogit, mirroredLogitPair, headLogits, scoredFeatures, textFeatures } from './text-features.js';
import type { SparseFeatures } from './text-features.js';
import { probabilities, softmax2, softmaxInPlace } from './train-guard-classifier.js';
import { hiddenBand, hiddenLogit } from './hidden-layer.js';
import { lexicalLogit } from './lexical-head.js';
import type { LexicalHead } from './lexical-head.js';

/** The classifier's opinion of a text: the attack probability of its worst segment, and that segment's likeliest family. */
export interface ClassifierVerdict {
  /** P(attack) of the most suspicious segment, 0 to 1. */
  readonly score: number;
  /** The most likely attack family of that segment. */
  readonly family: string;
}

/** Segments are at most this long: about the length of the training texts. */
const SEGMENT_CHARS = 600;

/**
 * Scores a normalised view: split at line and sentence ends into segments of at most 600
 * characters (a long benign document with one planted instruction is judged by that instruction's
 * segment), each scored by the softmax regression; the highest attack probability wins. Linear in
 * the length of the view.
 */
export function classifyText(view: string, model: GuardClassifierModel): ClassifierVerdict {
  const scored = scoreView(view, model);
  return { score: scored.score, family: familyOf(scored, model) };
}

/** A view's attack probability and the features of its most suspicious segment (undefined when no segment has any). */
export interface ScoredView {
  readonly score: number;
  readonly worst: SparseFeatures | undefined;
  /** The most suspicious segment of the view, undefined when no segment has any feature. */
  readonly segment?: string | undefined;
}

/**
 * {@link classifyText} without naming the family: the attack head alone. The family head costs as
 * much again and is read only for a text that is blocked, so the guard asks {@link familyOf} then;
 * the worst segment's features are built only then too (`worst` is computed when first read).
 */
export function scoreView(view: string, model: GuardClassifierModel): ScoredView {
  const known = primed?.view === view ? primed.scores.get(model) : undefined;
  if (known !== undefined) return known;
  if (model.lexical !== undefined) return scoreLexically(view, model.lexical, model.dims);
  const attackHead = model.attack;
  if (attackHead === undefined) throw new RangeError('a model without a lexical head needs its attack head');
  const head = attackColumns(attackHead);
  const out = logits;
  let score = 0;
  let worst: string | undefined;
  for (const segment of segments(view)) {
    if (head.raw !== undefined) {
      const attack = mirroredLogit(segment, model.dims, head.bias, head.raw, head.scale);
      if (Number.isNaN(attack)) continue;
      out[0] = -attack;
      out[1] = attack;
    } else if (!featureLogits(segment, model.dims, attackHead.bias, head.benign, head.attack, out)) continue;
    withHidden(out, segment, model);
    const attack = softmax2(out);
    if (attack <= score) continue;
    score = attack;
    worst = segment;
  }
  return new Scored(score, worst, model.dims);
}

const logits = new Float64Array(2);

/** {@link scoreView} for a model whose attack score is its lexical head's: the worst segment's probability. */
function scoreLexically(view: string, head: LexicalHead, dims: number): ScoredView {
  let score = 0;
  let worst: string | undefined;
  for (const segment of segments(view)) {
    const logit = lexicalLogit(segment, head);
    if (Number.isNaN(logit)) continue;
    const attack = 1 / (1 + Math.exp(-logit));
    if (attack <= score) continue;
    score = attack;
    worst = segment;
  }
  return new Scored(score, worst, dims);
}

/**
 * Turns a segment's linear logits in `out` (benign, attack) into the final ones when the model has a
 * hidden layer: the mean of the two attack logits (attack minus benign), written back as a mirrored
 * pair. The layer runs only where its clamped logit can move the segment across the threshold or 0.5
 * (`hiddenBand`: a linear attack probability of 0.27 to 0.73 at the threshold 0.5), so every verdict
 * is the one of the layer run everywhere; outside the band the score is the linear head's, on the
 * same side of each cut. A blocked text of several segments or views may then name the family of
 * another of its blocked segments. `exact` models run the layer everywhere (calibration).
 */
function withHidden(out: Float64Array, segment: string, model: GuardClassifierModel): void {
  const layer = model.hidden;
  if (layer === undefined) return;
  const linear = (out[1] ?? 0) - (out[0] ?? 0);
  if (model.exact !== true) {
    const band = bandOf(model.threshold);
    if (linear < band.low || linear >= band.high) return;
  }
  const combined = (linear + hiddenLogit(layer, scoredFeatures(segment, model.dims))) / 2;
  out[0] = -combined / 2;
  out[1] = combined / 2;
}

let band = { threshold: Number.NaN, low: 0, high: 0 };
const bandOf = (threshold: number): { readonly low: number; readonly high: number } => {
  if (band.threshold !== threshold) band = { threshold, ...hiddenBand(threshold) };
  return band;
};

/** The scores {@link primeScores} computed for one view, handed out by {@link scoreView} while that view is the last primed. */
let primed: { readonly view: string; readonly scores: Map<GuardClassifierModel, ScoredView> } | undefined;

/**
 * Scores `view` with both models at once, counting each segment's features once, and keeps the
 * scores for the {@link scoreView} calls about to ask for them (the whole guard reads one text with
 * the input classifier and the taint classifier: the same view, two heads). The same scores as one
 * {@link scoreView} per model, bit for bit. Models that do not both hold the stored int16 head of
 * one size, or either with a lexical head, are left to be scored one by one.
 */
export function primeScores(view: string, first: GuardClassifierModel, second: GuardClassifierModel): void {
  // A lexical head counts features of its own (and a model scored by one has no hashed attack head):
  // there is nothing to count once for the two.
  if (first.lexical !== undefined || second.lexical !== undefined || first.attack === undefined || second.attack === undefined) {
    primed = undefined;
    return;
  }
  const a = attackColumns(first.attack);
  const b = attackColumns(second.attack);
  if (a.raw === undefined || b.raw === undefined || first.dims !== second.dims) {
    primed = undefined;
    return;
  }
  const best = [new Best(), new Best()] as const;
  for (const segment of segments(view)) {
    if (!mirroredLogitPair(segment, first.dims, a, b, pair)) continue;
    best[0].offer(pair[0] as number, segment, first);
    best[1].offer(pair[1] as number, segment, second);
  }
  primed = { view, scores: new Map<GuardClassifierModel, ScoredView>([[first, best[0].scored(first.dims)], [second, best[1].scored(second.dims)]]) };
}

/** The most suspicious segment of a view so far, for one head: its attack probability and the segment. */
class Best {
  score = 0;
  segment: string | undefined;
  /** Takes a segment's attack logit (of a mirrored head), keeping the segment when it scores higher. */
  offer(attackLogit: number, segment: string, model: GuardClassifierModel): void {
    logits[0] = -attackLogit;
    logits[1] = attackLogit;
    withHidden(logits, segment, model);
    const attack = softmax2(logits);
    if (attack <= this.score) return;
    this.score = attack;
    this.segment = segment;
  }
  scored(dims: number): ScoredView {
    return new Scored(this.score, this.segment, dims);
  }
}

const pair = new Float64Array(2);

/** A scored view whose worst segment's features are counted again when read (only a blocked text's are). */
class Scored implements ScoredView {
  #features: SparseFeatures | undefined;
  constructor(
    readonly score: number,
    readonly segment: string | undefined,
    private readonly dims: number,
  ) {}
  get worst(): SparseFeatures | undefined {
    if (this.segment === undefined) return undefined;
    this.#features ??= textFeatures(this.segment, this.dims);
    return this.#features;
  }
}

/**
 * The two-class head's weights by class, one per bucket, as the scorer reads them: the stored int16
 * attack weights (`raw`, `scale`, `bias`) when the benign class is exactly the negated attack class,
 * else both float columns.
 */
type AttackColumns =
  | { readonly raw: Int16Array; readonly scale: number; readonly bias: number }
  | { readonly raw?: undefined; readonly benign: Float32Array; readonly attack: Float32Array };

const COLUMNS = new WeakMap<ClassifierHead, AttackColumns>();

function attackColumns(head: ClassifierHead): AttackColumns {
  const known = COLUMNS.get(head);
  if (known !== undefined) return known;
  if (head.classes.length !== 2) throw new RangeError('the attack head has two classes');
  const buckets = head.weights.length / 2;
  const stored = head.quantised;
  let mirrored = stored !== undefined && head.bias[0] === -(head.bias[1] ?? 0) && stored.scales[0] === stored.scales[1];
  const raw = new Int16Array(buckets);
  for (let bucket = 0; bucket < buckets && mirrored && stored !== undefined; bucket++) {
    raw[bucket] = stored.raw[bucket * 2 + 1] ?? 0;
    if (stored.raw[bucket * 2] !== -(raw[bucket] ?? 0)) mirrored = false;
  }
  let columns: AttackColumns;
  if (mirrored && stored !== undefined) columns = { raw, scale: stored.scales[1] ?? 0, bias: head.bias[1] ?? 0 };
  else {
    const benign = new Float32Array(buckets);
    const attack = new Float32Array(buckets);
    for (let bucket = 0; bucket < buckets; bucket++) {
      benign[bucket] = head.weights[bucket * 2] ?? 0;
      attack[bucket] = head.weights[bucket * 2 + 1] ?? 0;
    }
    columns = { benign, attack };
  }
  COLUMNS.set(head, columns);
  return columns;
}

/** The likeliest attack family of a scored view's most suspicious segment, or `unknown`. */
export function familyOf(scored: ScoredView, model: GuardClassifierModel): string {
  const head = model.family;
  // Read only here, before the next call: a buffer of this size is kept rather than made for each blocked text.
  if (familyLogits.length !== head.classes.length) familyLogits = new Float64Array(head.classes.length);
  const families = familyLogits;
  // The worst segment's logits summed from its counts, the vector never built.
  if (scored.segment !== undefined && headLogits(scored.segment, model.dims, head.bias, head.weights, families)) softmaxInPlace(families, families.length);
  else if (scored.worst === undefined) return 'unknown';
  else probabilities(head, scored.worst.indices, scored.worst.values, families);
  let family = 0;
  for (let c = 1; c < families.length; c++) if ((families[c] ?? 0) > (families[family] ?? 0)) family = c;
  return model.family.classes[family] ?? 'unknown';
}

let familyLogits = new Float64Array(0);

/** The segments {@link scoreView} scores a view in, for tests. */
export function viewSegments(view: string): string[] {
  return [...segments(view)];
}

function* segments(view: string): Generator<string> {
  if (view.length <= SEGMENT_CHARS) {
    yield view;
    return;
  }
  let start = 0;
  while (start < view.length) {
    let end = Math.min(start + SEGMENT_CHARS, view.length);
    if (end < view.length) {
      // Cut after the last sentence or line end in the second half of the segment, if there is one.
      for (let at = end - 1; at > start + SEGMENT_CHARS / 2; at--) {
        const char = view[at];
        if (char === '\n' || char === '.' || char === '!' || char === '?') {
          end = at + 1;
          break;
        }
      }
    }
    yield view.slice(start, end);
    start = end;
  }
}
