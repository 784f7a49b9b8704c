import { countFeatures, scaleOf, scratchFor, touchedBuckets } from './count-features.js';

/** A sparse feature vector: bucket indices and their weights (L2-normalised), same length. */
export interface SparseFeatures {
  readonly indices: Uint32Array;
  readonly values: Float32Array;
}


/**
 * Hashed features of a normalised view: character 3- to 5-grams (spaces included, so word starts
 * and ends count), whole words and pairs of neighbouring words, counted into `dims` buckets (a power
 * of two), plus, for every sentence without a logistics word, the concepts of {@link CONCEPT_STEMS}
 * present in it and every pair of them (concepts of the whole segment generalised worse to a family
 * held out: a tracking id in one sentence hid the instruction in the next), scaled to unit length so
 * long and short texts compare. One pass over the text.
 */
export function textFeatures(view: string, dims: number): SparseFeatures {
  const count = countFeatures(view, dims);
  const scratch = scratchFor(view, dims);
  const order = touchedBuckets();
  const scale = scaleOf(scratch, count);
  const indices = new Uint32Array(count);
  const values = new Float32Array(count);
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    indices[at] = bucket;
    values[at] = (scratch[bucket] as number) * scale;
    scratch[bucket] = 0;
  }
  return { indices, values };
}

/**
 * The two logits of a two-class head over {@link textFeatures}`(view, dims)`, written into `out`
 * (benign, attack) without building the vector: the same products summed in the same order as
 * `probabilities` sums them, so bit for bit the same. `benign` and `attack` hold each class's weight
 * per bucket. Returns false when the view has no features. The guard scores every view this way:
 * building the vector (two typed arrays a segment) cost as much as counting it.
 */
export function featureLogits(view: string, dims: number, bias: Float32Array, benign: Float32Array, attack: Float32Array, out: Float64Array): boolean {
  const count = countFeatures(view, dims);
  if (count === 0) return false;
  const scratch = scratchFor(view, dims);
  const order = touchedBuckets();
  const scale = scaleOf(scratch, count);
  let benignSum = bias[0] ?? 0;
  let attackSum = bias[1] ?? 0;
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    const value = Math.fround((scratch[bucket] as number) * scale);
    benignSum += (benign[bucket] as number) * value;
    attackSum += (attack[bucket] as number) * value;
    scratch[bucket] = 0;
  }
  out[0] = benignSum;
  out[1] = attackSum;
  return true;
}

/**
 * {@link featureLogits} for a head whose benign class is exactly the negated attack class (weights
 * and bias), as the shipped model's is, with the attack weights as stored: `raw` int16 per bucket
 * and their `scale` (the weight is `Math.fround(raw * scale)`, as the loaded model holds it). The
 * benign sum is then exactly the negated attack sum (rounding is symmetric), so only the attack
 * logit is summed, from a quarter of the memory: a weight read per feature, missed in the cache
 * after the rules ran, was the classifier's main cost. NaN when the view has no features.
 */
export function mirroredLogit(view: string, dims: number, bias: number, raw: Int16Array, weightScale: number): number {
  if (kept.view === view && kept.dims === dims) return keptLogit(bias, raw, weightScale);
  const count = countFeatures(view, dims);
  if (count === 0) return Number.NaN;
  const scratch = scratchFor(view, dims);
  const order = touchedBuckets();
  const scale = scaleOf(scratch, count);
  const { indices, values } = keepFor(view, dims, count);
  let sum = bias;
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    const value = Math.fround((scratch[bucket] as number) * scale);
    indices[at] = bucket;
    values[at] = value;
    sum += Math.fround((raw[bucket] as number) * weightScale) * value;
    scratch[bucket] = 0;
  }
  return sum;
}

/**
 * {@link mirroredLogit} of the view whose features are kept: the same products in the same order.
 * The whole guard names a blocked text's family from the segment the input classifier found worst,
 * and the taint scan then scores the same text with the taint classifier.
 */
function keptLogit(bias: number, raw: Int16Array, weightScale: number): number {
  const { count, indices, values } = kept;
  let sum = bias;
  for (let at = 0; at < count; at++) sum += Math.fround((raw[indices[at] as number] as number) * weightScale) * (values[at] as number);
  return sum;
}

/**
 * The features of the view {@link mirroredLogit}, {@link mirroredLogitPair} or {@link headLogits}
 * last counted, kept as they were summed (bucket and `Math.fround`ed value, in the order touched:
 * what {@link textFeatures} builds): the hidden layer reads the features of a segment just scored,
 * and the taint classifier those of the segment the family head just read; counting them again cost
 * as much as scoring them.
 */
let kept = { view: undefined as string | undefined, dims: 0, count: 0, indices: new Uint32Array(1024), values: new Float32Array(1024) };

function keepFor(view: string, dims: number, count: number): { readonly indices: Uint32Array; readonly values: Float32Array } {
  if (kept.indices.length < count) kept = { ...kept, indices: new Uint32Array(count * 2), values: new Float32Array(count * 2) };
  kept.view = view;
  kept.dims = dims;
  kept.count = count;
  return kept;
}

/**
 * {@link textFeatures}`(view, dims)`: the features kept from scoring `view` last, when it was, else
 * counted. Views into reused buffers: read them before the next scoring.
 */
export function scoredFeatures(view: string, dims: number): SparseFeatures {
  if (kept.view === view && kept.dims === dims) return { indices: kept.indices.subarray(0, kept.count), values: kept.values.subarray(0, kept.count) };
  return textFeatures(view, dims);
}

/** One mirrored two-class head as {@link mirroredLogit} reads it. */
export interface MirroredHead {
  readonly bias: number;
  readonly raw: Int16Array;
  readonly scale: number;
}

/**
 * {@link mirroredLogit} for two heads of the same `dims` over one view, counting its features once:
 * `out[0]` and `out[1]` get the heads' attack logits, the same sums in the same order as one call per
 * head, so bit for bit the same. Returns false (and leaves `out`) when the view has no features.
 */
export function mirroredLogitPair(view: string, dims: number, first: MirroredHead, second: MirroredHead, out: Float64Array): boolean {
  const count = countFeatures(view, dims);
  if (count === 0) return false;
  const scratch = scratchFor(view, dims);
  const order = touchedBuckets();
  const scale = scaleOf(scratch, count);
  const rawA = first.raw;
  const rawB = second.raw;
  const scaleA = first.scale;
  const scaleB = second.scale;
  let sumA = first.bias;
  let sumB = second.bias;
  const { indices, values } = keepFor(view, dims, count);
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    const value = Math.fround((scratch[bucket] as number) * scale);
    indices[at] = bucket;
    values[at] = value;
    sumA += Math.fround((rawA[bucket] as number) * scaleA) * value;
    sumB += Math.fround((rawB[bucket] as number) * scaleB) * value;
    scratch[bucket] = 0;
  }
  out[0] = sumA;
  out[1] = sumB;
  return true;
}

/**
 * The logits of a head of any number of classes over {@link textFeatures}`(view, dims)`, written into
 * `out`, without building the vector: per class the same products summed in the same order as
 * `probabilities` sums them (`weights` class-interleaved per bucket; a loaded head's float weights
 * are its int16 ones times their scale, to the bit), so bit for bit the same. Four classes are summed
 * at a time in locals, a pass over the features each: the family head of a blocked text's worst
 * segment cost the guard more than scoring it. Returns false when the view has no features.
 */
export function headLogits(view: string, dims: number, bias: Float32Array, weights: Float32Array, out: Float64Array): boolean {
  const count = kept.view === view && kept.dims === dims ? keptHeadValues() : countHeadValues(view, dims);
  if (count === 0) return false;
  const order = touchedBuckets();
  const values = headValues;
  const k = out.length;
  for (let first = 0; first < k; first += 4) {
    if (k - first < 4) {
      for (let c = first; c < k; c++) {
        let sum = bias[c] ?? 0;
        for (let at = 0; at < count; at++) sum += (weights[(order[at] as number) * k + c] as number) * (values[at] as number);
        out[c] = sum;
      }
      break;
    }
    let a = bias[first] ?? 0;
    let b = bias[first + 1] ?? 0;
    let c = bias[first + 2] ?? 0;
    let d = bias[first + 3] ?? 0;
    for (let at = 0; at < count; at++) {
      const base = (order[at] as number) * k + first;
      const value = values[at] as number;
      a += (weights[base] as number) * value;
      b += (weights[base + 1] as number) * value;
      c += (weights[base + 2] as number) * value;
      d += (weights[base + 3] as number) * value;
    }
    out[first] = a;
    out[first + 1] = b;
    out[first + 2] = c;
    out[first + 3] = d;
  }
  return true;
}

/** Counts the features of `view` (buckets in `touchedBuckets()`) and their values into `headValues`; returns how many. */
function countHeadValues(view: string, dims: number): number {
  const count = countFeatures(view, dims);
  if (count === 0) return 0;
  const scratch = scratchFor(view, dims);
  const order = touchedBuckets();
  const scale = scaleOf(scratch, count);
  if (headValues.length < count) headValues = new Float64Array(count * 2);
  const values = headValues;
  const { indices, values: keptValues } = keepFor(view, dims, count);
  for (let at = 0; at < count; at++) {
    const bucket = order[at] as number;
    const value = Math.fround((scratch[bucket] as number) * scale);
    values[at] = value;
    indices[at] = bucket;
    keptValues[at] = value;
    scratch[bucket] = 0;
  }
  return count;
}

/**
 * {@link countHeadValues} for the view scored last, from the features kept then (the same buckets in
 * the same order, the same float32 values): the family head reads the worst segment of a blocked
 * text, most often the one segment just scored, and counting it again was a fifth of the head's time.
 */
function keptHeadValues(): number {
  const count = kept.count;
  // The touched-buckets buffer only grows, and it held these buckets when they were counted.
  if (headValues.length < count) headValues = new Float64Array(count * 2);
  const order = touchedBuckets();
  const values = headValues;
  const { indices, values: keptValues } = kept;
  for (let at = 0; at < count; at++) {
    order[at] = indices[at] as number;
    values[at] = keptValues[at] as number;
  }
  return count;
}

/** The feature values of the view {@link headLogits} reads, reused. */
let headValues = new Float64Array(1024);
