import { z } from 'zod';

/** The version of the shipped classifier format; bump it when the layout or the features change. */
const GUARD_CLASSIFIER_VERSION = 2;

const StoredHead = z.object({
  classes: z.array(z.string().min(1)).min(2),
  bias: z.array(z.number()),
  scales: z.array(z.number()),
  /** base64 of an Int16Array (little-endian), bucket-major (`bucket * classes + class`), class `c` scaled by `scales[c]`. int8 lost the many small n-gram weights beside the few large concept weights. */
  weights: z.string(),
});
type StoredHead = z.infer<typeof StoredHead>;

/**
 * The classifier as stored (`data/guard-classifier.json`): two softmax regressions over the same
 * hashed features, `attack` (benign or attack: the score) and `family` (which attack family: the name).
 */
export const GuardClassifierFile = z.object({
  version: z.literal(GUARD_CLASSIFIER_VERSION),
  dims: z.number().int().positive(),
  threshold: z.number().min(0).max(1),
  heads: z.object({ attack: StoredHead, family: StoredHead }),
  trained_on: z.object({ corpus: z.string(), attacks: z.number().int(), benign: z.number().int() }),
});
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
  /** Classes `benign`, `attack`. */
  readonly attack: ClassifierHead;
  /** One class per attack family of the corpus. */
  readonly family: ClassifierHead;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function loadHead(head: StoredHead, dims: number): ClassifierHead {
  const k = head.classes.length;
  const bytes = Buffer.from(head.weights, 'base64');
  if (bytes.length % 2 !== 0) throw new GuardClassifierFileError('a head holds an odd number of weight bytes');
  const raw = new Int16Array(bytes.length / 2);
  // The file is little-endian, as typed arrays are on every host Node runs on: one copy, not a read per weight (start-up).
  if (LITTLE_ENDIAN) new Uint8Array(raw.buffer).set(bytes);
  else for (let at = 0; at < raw.length; at++) raw[at] = bytes.readInt16LE(at * 2);
  if (raw.length !== dims * k || head.bias.length !== k || head.scales.length !== k) {
    throw new GuardClassifierFileError(`a head holds ${raw.length} weights; ${dims} buckets x ${k} classes expected`);
  }
  const weights = new Float32Array(raw.length);
  for (let at = 0; at < raw.length; at++) weights[at] = (raw[at] ?? 0) * (head.scales[at % k] ?? 0);
  return { classes: head.classes, bias: Float32Array.from(head.bias), weights, quantised: { raw, scales: Float64Array.from(head.scales) } };
}

function storeHead(head: ClassifierHead): StoredHead {
  const k = head.classes.length;
  const scales = new Array<number>(k).fill(0);
  for (let at = 0; at < head.weights.length; at++) scales[at % k] = Math.max(scales[at % k] ?? 0, Math.abs(head.weights[at] ?? 0) / INT16_MAX);
  const raw = Buffer.alloc(head.weights.length * 2);
  for (let at = 0; at < head.weights.length; at++) {
    const scale = scales[at % k] ?? 0;
    raw.writeInt16LE(scale === 0 ? 0 : Math.round((head.weights[at] ?? 0) / scale), at * 2);
  }
  return { classes: [...head.classes], bias: [...head.bias].map((b) => Number(b.toFixed(6))), scales: scales.map((s) => Number(s.toPrecision(8))), weights: raw.toString('base64') };
}

/** Turns the stored file into a model; throws {@link GuardClassifierFileError} when the sizes disagree. */
export function modelFromFile(file: GuardClassifierFile): GuardClassifierModel {
  return { dims: file.dims, threshold: file.threshold, attack: loadHead(file.heads.attack, file.dims), family: loadHead(file.heads.family, file.dims) };
}

const INT16_MAX = 32767;

/** Quantises a trained model for storage: int16 weights per class, with the scale beside them. */
export function fileFromModel(model: GuardClassifierModel, trainedOn: GuardClassifierFile['trained_on']): GuardClassifierFile {
  return { version: GUARD_CLASSIFIER_VERSION, dims: model.dims, threshold: model.threshold, heads: { attack: storeHead(model.attack), family: storeHead(model.family) }, trained_on: trainedOn };
}

/** The stored classifier is missing or malformed. */
export class GuardClassifierFileError extends Error {
  readonly code = 'guard_classifier_invalid';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GuardClassifierFileError';
  }
}
