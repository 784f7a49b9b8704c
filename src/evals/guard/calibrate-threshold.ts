import { detectInjection, trainGuardClassifier } from '../../policy/index.js';
import type { TrainingOptions } from '../../policy/index.js';
import { trainingExamples } from './evaluate-guard.js';
import type { GuardCorpus } from './guard-corpus.js';

/** How the threshold was chosen, for the training log and the report. */
export interface ThresholdCalibration {
  readonly threshold: number;
  /** Share of benign look-alikes, each judged by a classifier that never saw it, scoring at or above the threshold. */
  readonly look_alike_block_rate: number;
  readonly folds: number;
}

/** The threshold never goes below this: a lower one would block on noise. */
const FLOOR = 0.05;
/** Nor above the plain decision boundary (the hashed heads'). */
const CEILING = 0.5;
/**
 * A lexical head's (lexical-head.ts) ceiling: trained to convergence with the classes weighted alike,
 * it scores an operator's question about approvals above 0.5 more often than the hashed heads (at
 * 0.5 the shipped one blocked 150 of the 1,733 labelled look-alikes outside blind sets 4-9, at its
 * calibrated 0.744 65, the hashed heads at 0.5 113), so its boundary is where the look-alikes put it.
 */
const LEXICAL_CEILING = 0.9;

/**
 * Chooses the blocking threshold from benign texts only: the benign look-alikes are split into
 * `folds`, each scored by a classifier trained without it, and the threshold is the lowest one
 * (within 0.05 and 0.5, or 0.9 for a lexical head) at which at most `maxBlockRate` of them would be
 * blocked. No attack's score is looked at, so a family held out in the evaluation cannot tune it.
 * Deterministic.
 */
export function calibrateThreshold(corpus: GuardCorpus, maxBlockRate = 0.01, folds = 5, options: TrainingOptions = {}): ThresholdCalibration {
  if (!(maxBlockRate >= 0 && maxBlockRate < 1)) throw new RangeError(`maxBlockRate must be in [0, 1); got ${maxBlockRate}`);
  const scores: number[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const test = corpus.benign.filter((b, index) => index % folds === fold && b.resembles !== 'ordinary');
    // Exact: the hidden layer scores every look-alike, not only those near the threshold not yet chosen.
    const model = { ...trainGuardClassifier(trainingExamples(corpus, { benign: new Set(test.map((b) => b.id)) }), options), exact: true };
    for (const b of test) scores.push(detectInjection(b.text, { classifier: model }).score);
  }
  scores.sort((a, b) => b - a);
  // The highest score that may be blocked: every score above it would exceed the allowed rate.
  const allowed = Math.floor(scores.length * maxBlockRate);
  const boundary = scores[allowed] ?? 0;
  const threshold = Math.min(options.lexical === undefined ? CEILING : LEXICAL_CEILING, Math.max(FLOOR, Number((boundary + 0.005).toFixed(3))));
  const blocked = scores.filter((score) => score >= threshold).length;
  return { threshold, look_alike_block_rate: Number((blocked / Math.max(1, scores.length)).toFixed(4)), folds };
}
