import type { GuardClassifierModel } from './guard-classifier-model.js';
import { textFeatures } from './text-features.js';
import type { SparseFeatures } from './text-features.js';
import { probabilities } from './train-guard-classifier.js';

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
}

/**
 * {@link classifyText} without naming the family: the attack head alone. The family head costs as
 * much again and is read only for a text that is blocked, so the guard asks {@link familyOf} then.
 */
export function scoreView(view: string, model: GuardClassifierModel): ScoredView {
  const out = new Float64Array(2);
  let score = 0;
  let worst: SparseFeatures | undefined;
  for (const segment of segments(view)) {
    const features = textFeatures(segment, model.dims);
    if (features.indices.length === 0) continue;
    probabilities(model.attack, features.indices, features.values, out);
    if ((out[1] ?? 0) <= score) continue;
    score = out[1] ?? 0;
    worst = features;
  }
  return { score, worst };
}

/** The likeliest attack family of a scored view's most suspicious segment, or `unknown`. */
export function familyOf(scored: ScoredView, model: GuardClassifierModel): string {
  if (scored.worst === undefined) return 'unknown';
  const families = new Float64Array(model.family.classes.length);
  probabilities(model.family, scored.worst.indices, scored.worst.values, families);
  let family = 0;
  for (let c = 1; c < families.length; c++) if ((families[c] ?? 0) > (families[family] ?? 0)) family = c;
  return model.family.classes[family] ?? 'unknown';
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
