import { z } from 'zod';
import type { HiddenLayer } from './hidden-layer.js';
import type { LexicalHead } from './lexical-head.js';

/**
 * The version of the shipped classifier format; bump it when the layout or the features change.
 * Version 5 leaves out the hashed attack head of a model scored by its lexical head; a version 4 file
 * (always with it) still reads.
 */
const GUARD_CLASSIFIER_VERSION = 5;

const StoredHead = z.object({
  classes: z.array(z.string().min(1)).min(2),
  bias: z.array(z.number()),
  scales: z.array(z.number()),
  /** base64 of an Int16Array (little-endian), bucket-major (`bucket * classes + class`), class `c` scaled by `scales[c]`. int8 lost the many small n-gram weights beside the few large concept weights. */
  weights: z.string(),
});
type StoredHead = z.infer<typeof StoredHead>;

const StoredHidden = z.object({
  units: z.number().int().positive(),
  b1: z.array(z.number()),
  w2: z.array(z.number()),
  b2: z.number(),
  scales: z.array(z.number()),
  /** base64 of an Int16Array (little-endian), bucket-major (`bucket * units + unit`), unit `j` scaled by `scales[j]`. */
  w1: z.string(),
});
type StoredHidden = z.infer<typeof StoredHidden>;

const StoredLexical = z.object({
  dims: z.number().int().positive(),
  bias: z.number(),
  /** The buckets any training text touched, base64 of a Uint32Array (little-endian), ascending; the others are left out when a text is scored. */
  buckets: z.string(),
  /** Per listed bucket its IDF, base64 of an Int16Array times `idf_scale`. */
  idf: z.string(),
  idf_scale: z.number().positive(),
  /** Per listed bucket its weight, base64 of an Int16Array times `weight_scale`. */
  weights: z.string(),
  weight_scale: z.number().positive(),
});
type StoredLexical = z.infer<typeof StoredLexical>;

/**
 * The classifier as stored (`data/guard-classifier.json`): softmax regressions over the same hashed
 * features, `attack` (benign or attack: the score, absent when the lexical head gives it) and `family`
 * (which attack family: the name).
 */
export const GuardClassifierFile = z
  .object({
    version: z.union([z.literal(4), z.literal(GUARD_CLASSIFIER_VERSION)]),
    dims: z.number().int().positive(),
    threshold: z.number().min(0).max(1),
    heads: z.object({ attack: StoredHead.optional(), family: StoredHead }),
    /** The hidden layer whose attack logit is averaged with the attack head's (the input model); the taint model has none. */
    hidden: StoredHidden.optional(),
    /** The lexical head (lexical-head.ts) that gives the input model its attack score; the family head still names the family. The taint model has none. */
    lexical: StoredLexical.optional(),
    trained_on: z.object({ corpus: z.string(), attacks: z.number().int(), benign: z.number().int() }),
  })
  .refine((file) => file.heads.attack !== undefined || file.lexical !== undefined, { message: 'the file has no attack score: neither heads.attack nor lexical', path: ['heads', 'attack'] });
export type GuardClassifierFile = z.infer<typeof GuardClassifierFile>;

/** One softmax regression in memory: weights bucket-major, already scaled. */
export interface ClassifierHead {
  readonly classes: readonly string[];
  readonly bias: Float32Array;
  readonly weights: Float32Array;
  /** The stored int16 weights and their scales when loaded from the file (a loaded head is never changed): `weights[i]` is `Math.fround(raw[i] * scales[i % classes])`. */
  readonly quantised?: { readonly raw: Int16Array; readonly scales: Float64Array };
}

/** The classifier in memory, ready to score. */
export interface GuardClassifierModel {
  readonly dims: number;
  /** Attack probability at which a text is blocked. */
  readonly threshold: number;
  /** Classes `benign`, `attack`; absent when the lexical head gives the score (nothing would read it). */
  readonly attack?: ClassifierHead | undefined;
  /** One class per attack family of the corpus. */
  readonly family: ClassifierHead;
  /** A hidden layer over the same features: the attack score is the sigmoid of the mean of its logit and the attack head's. */
  readonly hidden?: HiddenLayer | undefined;
  /** When present, the attack score is this head's (lexical-head.ts), not the attack head's and the hidden layer's. */
  readonly lexical?: LexicalHead | undefined;
  /** Run the hidden layer on every segment (calibration), not only in the band where it can change a verdict (hidden-layer.ts, `hiddenBand`): the same verdicts, exact scores outside the band too. */
  readonly exact?: boolean;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The int16 values stored as base64; `what` names them in the error a truncated list gets. */
function int16s(base64: string, what = 'a layer'): Int16Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length % 2 !== 0) throw new GuardClassifierFileError(`${what} holds an odd number of bytes of int16 values`);
  const raw = new Int16Array(bytes.length / 2);
  // The file is little-endian, as typed arrays are on every host Node runs on: one copy, not a read per weight (start-up).
  if (LITTLE_ENDIAN) new Uint8Array(raw.buffer).set(bytes);
  else for (let at = 0; at < raw.length; at++) raw[at] = bytes.readInt16LE(at * 2);
  return raw;
}

/** int16 of `values`, one scale per column (`at % columns`), as base64. */
function quantise(values: Float32Array, columns: number): { scales: number[]; base64: string } {
  const scales = new Array<number>(columns).fill(0);
  for (let at = 0; at < values.length; at++) scales[at % columns] = Math.max(scales[at % columns] ?? 0, Math.abs(values[at] ?? 0) / INT16_MAX);
  const raw = Buffer.alloc(values.length * 2);
  for (let at = 0; at < values.length; at++) {
    const scale = scales[at % columns] ?? 0;
    raw.writeInt16LE(scale === 0 ? 0 : Math.round((values[at] ?? 0) / scale), at * 2);
  }
  return { scales: scales.map((s) => Number(s.toPrecision(8))), base64: raw.toString('base64') };
}

function loadHidden(stored: StoredHidden, dims: number): HiddenLayer {
  const { units } = stored;
  const raw = int16s(stored.w1);
  if (raw.length !== dims * units || stored.b1.length !== units || stored.w2.length !== units || stored.scales.length !== units) {
    throw new GuardClassifierFileError(`the hidden layer holds ${raw.length} weights; ${dims} buckets x ${units} units expected`);
  }
  // The float weights are built when first read (only storing the model reads them): the guard reads the int16 rows.
  let w1: Float32Array | undefined;
  const scales = Float64Array.from(stored.scales);
  return {
    units,
    get w1(): Float32Array {
      w1 ??= Float32Array.from(raw, (value, at) => value * (scales[at % units] ?? 0));
      return w1;
    },
    b1: Float32Array.from(stored.b1),
    w2: Float32Array.from(stored.w2),
    b2: stored.b2,
    quantised: { raw, scales },
  };
}

function storeHidden(layer: HiddenLayer): StoredHidden {
  const { scales, base64 } = quantise(layer.w1, layer.units);
  const round = (x: number): number => Number(x.toPrecision(8));
  return { units: layer.units, b1: [...layer.b1].map(round), w2: [...layer.w2].map(round), b2: round(layer.b2), scales, w1: base64 };
}

function loadHead(head: StoredHead, dims: number): ClassifierHead {
  const k = head.classes.length;
  const raw = int16s(head.weights);
  if (raw.length !== dims * k || head.bias.length !== k || head.scales.length !== k) {
    throw new GuardClassifierFileError(`a head holds ${raw.length} weights; ${dims} buckets x ${k} classes expected`);
  }
  const weights = new Float32Array(raw.length);
  for (let at = 0; at < raw.length; at++) weights[at] = (raw[at] ?? 0) * (head.scales[at % k] ?? 0);
  return { classes: head.classes, bias: Float32Array.from(head.bias), weights, quantised: { raw, scales: Float64Array.from(head.scales) } };
}

function storeHead(head: ClassifierHead): StoredHead {
  const { scales, base64 } = quantise(head.weights, head.classes.length);
  return { classes: [...head.classes], bias: [...head.bias].map((b) => Number(b.toFixed(6))), scales, weights: base64 };
}

function uint32s(base64: string): Uint32Array {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length % 4 !== 0) throw new GuardClassifierFileError('the lexical head lists a bucket of fewer than four bytes');
  const values = new Uint32Array(bytes.length / 4);
  if (LITTLE_ENDIAN) new Uint8Array(values.buffer).set(bytes);
  else for (let at = 0; at < values.length; at++) values[at] = bytes.readUInt32LE(at * 4);
  return values;
}

function loadLexical(stored: StoredLexical): LexicalHead {
  const { dims } = stored;
  if (!Number.isInteger(Math.log2(dims))) throw new GuardClassifierFileError(`the lexical head's dims must be a power of two; got ${dims}`);
  const buckets = uint32s(stored.buckets);
  const idf = int16s(stored.idf, "the lexical head's IDF list");
  const weights = int16s(stored.weights, "the lexical head's weight list");
  if (idf.length !== buckets.length || weights.length !== buckets.length) throw new GuardClassifierFileError(`the lexical head lists ${buckets.length} buckets, ${idf.length} IDFs and ${weights.length} weights`);
  const table = new Int16Array(dims * 4);
  for (let at = 0; at < buckets.length; at++) {
    const bucket = buckets[at] as number;
    if (bucket >= dims * 2) throw new GuardClassifierFileError(`the lexical head lists bucket ${bucket} of ${dims * 2}`);
    if ((idf[at] as number) <= 0) throw new GuardClassifierFileError(`the lexical head gives bucket ${bucket} an IDF of ${idf[at]}`);
    table[bucket * 2] = idf[at] as number;
    table[bucket * 2 + 1] = weights[at] as number;
  }
  return { dims, bias: stored.bias, table, idfScale: stored.idf_scale, weightScale: stored.weight_scale };
}

function storeLexical(head: LexicalHead): StoredLexical {
  const listed: number[] = [];
  for (let bucket = 0; bucket < head.dims * 2; bucket++) if (head.table[bucket * 2] !== 0) listed.push(bucket);
  const buckets = Buffer.alloc(listed.length * 4);
  const idf = Buffer.alloc(listed.length * 2);
  const weights = Buffer.alloc(listed.length * 2);
  listed.forEach((bucket, at) => {
    buckets.writeUInt32LE(bucket, at * 4);
    idf.writeInt16LE(head.table[bucket * 2] as number, at * 2);
    weights.writeInt16LE(head.table[bucket * 2 + 1] as number, at * 2);
  });
  return { dims: head.dims, bias: head.bias, buckets: buckets.toString('base64'), idf: idf.toString('base64'), idf_scale: head.idfScale, weights: weights.toString('base64'), weight_scale: head.weightScale };
}

/** Turns the stored file into a model; throws {@link GuardClassifierFileError} when the sizes disagree. */
export function modelFromFile(file: GuardClassifierFile): GuardClassifierModel {
  const hidden = file.hidden === undefined ? undefined : loadHidden(file.hidden, file.dims);
  const lexical = file.lexical === undefined ? undefined : loadLexical(file.lexical);
  // A version 4 file stores the attack head beside the lexical head too; nothing reads it then.
  const attack = file.heads.attack === undefined || lexical !== undefined ? undefined : loadHead(file.heads.attack, file.dims);
  return { dims: file.dims, threshold: file.threshold, ...(attack !== undefined && { attack }), family: loadHead(file.heads.family, file.dims), ...(hidden !== undefined && { hidden }), ...(lexical !== undefined && { lexical }) };
}

const INT16_MAX = 32767;

/** Quantises a trained model for storage: int16 weights per class, with the scale beside them. */
export function fileFromModel(model: GuardClassifierModel, trainedOn: GuardClassifierFile['trained_on']): GuardClassifierFile {
  const hidden = model.hidden === undefined ? {} : { hidden: storeHidden(model.hidden) };
  const lexical = model.lexical === undefined ? {} : { lexical: storeLexical(model.lexical) };
  if (model.attack === undefined && model.lexical === undefined) throw new RangeError('a model needs an attack head or a lexical head');
  // The lexical head gives the score: an attack head beside it would be stored and never read.
  const attack = model.attack === undefined || model.lexical !== undefined ? {} : { attack: storeHead(model.attack) };
  return { version: GUARD_CLASSIFIER_VERSION, dims: model.dims, threshold: model.threshold, heads: { ...attack, family: storeHead(model.family) }, ...hidden, ...lexical, trained_on: trainedOn };
}

/** The stored classifier is missing or malformed. */
export class GuardClassifierFileError extends Error {
  readonly code = 'guard_classifier_invalid';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GuardClassifierFileError';
  }
}
