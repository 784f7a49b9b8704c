import { detectConcepts, detectInjection, trainGuardClassifier } from '../../policy/index.js';
import type { GuardClassifierModel, TrainingExample, TrainingOptions } from '../../policy/index.js';
import type { GuardCorpus } from './guard-corpus.js';
import { shippedTrainingOptions } from './guard-training.js';

/** Recall on one attack family with a classifier that never saw it. */
interface HeldOutFamily {
  readonly family: string;
  readonly attacks: number;
  /** Share blocked by the whole guard (rules + the classifier trained without this family). */
  readonly recall: number;
  /** Share blocked by the rules alone, by that classifier alone, and by the concept detectors alone (self-request and intents: untrained, the same whichever family is held out). */
  readonly rules_recall: number;
  readonly classifier_recall: number;
  readonly detectors_recall: number;
  /** Recall on the hand-written attacks of the family alone (not expanded from templates), and how many there are. */
  readonly hand_written_recall: number;
  readonly hand_written_attacks: number;
  /** Ids of attacks that got through, for reading. */
  readonly missed: readonly string[];
}

/** The guard's report (`waybill guard eval --json`, `reports/guard-eval.json`). */
export interface GuardEvalReport {
  /** The shipped classifier's blocking threshold, used by every model of the evaluation. */
  readonly threshold: number;
  readonly corpus: { readonly attacks: number; readonly benign: number; readonly look_alikes: number; readonly families: number };
  /** The shipped guard on the whole corpus it was trained on; look-alikes are the benign texts that are not ordinary requests. */
  readonly in_sample: {
    readonly attack_block_rate: number;
    readonly benign_block_rate: number;
    readonly look_alike_block_rate: number;
    readonly missed: readonly string[];
    readonly false_positives: readonly string[];
  };
  /** Leave-one-family-out: each family held out of training in turn. */
  readonly held_out: readonly HeldOutFamily[];
  readonly held_out_min_recall: number;
  readonly held_out_mean_recall: number;
  /** Benign look-alikes judged by classifiers that never saw them (k-fold). */
  readonly benign_cross_validated: { readonly folds: number; readonly block_rate: number; readonly look_alike_block_rate: number; readonly false_positives: readonly string[] };
  /** Stricter: each kind of look-alike (delivery instructions, privacy questions, ...) judged by a classifier trained without that whole kind. */
  readonly benign_leave_kind_out: { readonly kinds: number; readonly look_alike_block_rate: number; readonly per_kind: Readonly<Record<string, number>>; readonly false_positives: readonly string[] };
  readonly per_language: Readonly<Record<string, { readonly attack_block_rate: number; readonly benign_block_rate: number }>>;
  /** The shipped guard on the unseen test set (evals/guard-unseen.json): never trained, calibrated or tuned on. Absent without that set. */
  readonly unseen?: UnseenReport;
  /** The same on the second unseen test set (evals/guard-unseen-2.json). Absent without that set. */
  readonly unseen_2?: UnseenReport;
}

/** The shipped guard on texts it never saw in any way. */
export interface UnseenReport {
  readonly attacks: number;
  readonly attack_block_rate: number;
  readonly per_family: Readonly<Record<string, number>>;
  readonly benign: number;
  readonly benign_block_rate: number;
  readonly missed: readonly string[];
  readonly false_positives: readonly string[];
}

const rate = (hits: number, total: number): number => (total === 0 ? 0 : Number((hits / total).toFixed(4)));

/** The training examples of a corpus (optionally without one family's attacks or some benign texts). */
export function trainingExamples(corpus: GuardCorpus, skip: { family?: string; benign?: ReadonlySet<string> } = {}): TrainingExample[] {
  return [
    ...corpus.attacks.filter((a) => skip.family === undefined || (a.family !== skip.family && a.source_family !== skip.family)).map((a) => ({ text: a.text, label: a.family })),
    ...corpus.benign.filter((b) => !skip.benign?.has(b.id)).map((b) => ({ text: b.text, label: 'benign' })),
  ];
}

/**
 * Evaluates the guard on its corpus: in sample with `shipped`, leave-one-family-out (a classifier
 * trained without each family, with the rules, on that family), and benign look-alikes by k-fold so
 * every benign text is judged by a classifier that did not train on it. Deterministic; trains one
 * model per family and per fold (a few seconds in all). `unseen` and `unseen2` are test sets the
 * classifier never trained on, judged with `shipped` alone.
 */
export function evaluateGuard(corpus: GuardCorpus, shipped: GuardClassifierModel, folds = 5, unseen?: GuardCorpus, unseen2?: GuardCorpus): GuardEvalReport {
  const blocked = (text: string, classifier: GuardClassifierModel | null): boolean => detectInjection(text, { classifier }).blocked;
  // Each model judging unseen texts is trained as the shipped one was: with its lexical head when it has one.
  const settings: TrainingOptions = { threshold: shipped.threshold, ...(shipped.lexical !== undefined && shippedTrainingOptions(shipped.lexical.dims)) };
  const missed = corpus.attacks.filter((a) => !blocked(a.text, shipped)).map((a) => a.id);
  const falsePositives = corpus.benign.filter((b) => blocked(b.text, shipped)).map((b) => b.id);
  const families = [...new Set(corpus.attacks.map((a) => a.family))];
  const heldOut = families.map((family): HeldOutFamily => {
    const model = trainGuardClassifier(trainingExamples(corpus, { family }), settings);
    const attacks = corpus.attacks.filter((a) => a.family === family);
    const whole = attacks.filter((a) => blocked(a.text, model));
    const rules = attacks.filter((a) => blocked(a.text, null)).length;
    const alone = attacks.filter((a) => detectInjection(a.text, { classifier: model }).score >= model.threshold).length;
    const concepts = attacks.filter((a) => detectConcepts(a.text) !== undefined).length;
    const missedIds = attacks.filter((a) => !whole.includes(a)).map((a) => a.id);
    const handWritten = attacks.filter((a) => a.origin === undefined);
    return {
      family,
      attacks: attacks.length,
      recall: rate(whole.length, attacks.length),
      rules_recall: rate(rules, attacks.length),
      classifier_recall: rate(alone, attacks.length),
      detectors_recall: rate(concepts, attacks.length),
      hand_written_recall: rate(handWritten.filter((a) => whole.includes(a)).length, handWritten.length),
      hand_written_attacks: handWritten.length,
      missed: missedIds,
    };
  });
  const crossFalse: string[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const test = corpus.benign.filter((_, index) => index % folds === fold);
    const model = trainGuardClassifier(trainingExamples(corpus, { benign: new Set(test.map((b) => b.id)) }), settings);
    for (const b of test) if (blocked(b.text, model)) crossFalse.push(b.id);
  }
  const kindFalse: string[] = [];
  const perKind: Record<string, number> = {};
  const kinds = [...new Set(corpus.benign.map((b) => b.resembles))].filter((kind) => kind !== 'ordinary');
  for (const kind of kinds) {
    const test = corpus.benign.filter((b) => b.resembles === kind);
    const model = trainGuardClassifier(trainingExamples(corpus, { benign: new Set(test.map((b) => b.id)) }), settings);
    const hits = test.filter((b) => blocked(b.text, model)).map((b) => b.id);
    kindFalse.push(...hits);
    perKind[kind] = rate(hits.length, test.length);
  }
  const languages = [...new Set([...corpus.attacks, ...corpus.benign].map((item) => item.language))];
  const perLanguage = Object.fromEntries(
    languages.map((language) => {
      const attacks = corpus.attacks.filter((a) => a.language === language);
      const benign = corpus.benign.filter((b) => b.language === language);
      return [language, { attack_block_rate: rate(attacks.filter((a) => !missed.includes(a.id)).length, attacks.length), benign_block_rate: rate(benign.filter((b) => falsePositives.includes(b.id)).length, benign.length) }];
    }),
  );
  const recalls = heldOut.map((h) => h.recall);
  const lookAlikes = corpus.benign.filter((b) => b.resembles !== 'ordinary').map((b) => b.id);
  const amongLookAlikes = (ids: readonly string[]): number => rate(ids.filter((id) => lookAlikes.includes(id)).length, lookAlikes.length);
  return {
    threshold: shipped.threshold,
    corpus: { attacks: corpus.attacks.length, benign: corpus.benign.length, look_alikes: lookAlikes.length, families: families.length },
    in_sample: {
      attack_block_rate: rate(corpus.attacks.length - missed.length, corpus.attacks.length),
      benign_block_rate: rate(falsePositives.length, corpus.benign.length),
      look_alike_block_rate: amongLookAlikes(falsePositives),
      missed,
      false_positives: falsePositives,
    },
    held_out: heldOut,
    held_out_min_recall: Math.min(...recalls),
    held_out_mean_recall: rate(recalls.reduce((sum, r) => sum + r, 0), recalls.length),
    benign_cross_validated: { folds, block_rate: rate(crossFalse.length, corpus.benign.length), look_alike_block_rate: amongLookAlikes(crossFalse), false_positives: crossFalse },
    benign_leave_kind_out: { kinds: kinds.length, look_alike_block_rate: amongLookAlikes(kindFalse), per_kind: perKind, false_positives: kindFalse },
    per_language: perLanguage,
    ...(unseen === undefined ? {} : { unseen: evaluateUnseen(unseen, shipped) }),
    ...(unseen2 === undefined ? {} : { unseen_2: evaluateUnseen(unseen2, shipped) }),
  };
}

/** The shipped guard on a test set it never trained on: recall per family and benign texts blocked. */
export function evaluateUnseen(unseen: GuardCorpus, shipped: GuardClassifierModel): UnseenReport {
  const blocked = (text: string): boolean => detectInjection(text, { classifier: shipped }).blocked;
  const missed = unseen.attacks.filter((a) => !blocked(a.text)).map((a) => a.id);
  const falsePositives = unseen.benign.filter((b) => blocked(b.text)).map((b) => b.id);
  const families = [...new Set(unseen.attacks.map((a) => a.family))];
  const perFamily = Object.fromEntries(
    families.map((family) => {
      const attacks = unseen.attacks.filter((a) => a.family === family);
      return [family, rate(attacks.filter((a) => !missed.includes(a.id)).length, attacks.length)];
    }),
  );
  return {
    attacks: unseen.attacks.length,
    attack_block_rate: rate(unseen.attacks.length - missed.length, unseen.attacks.length),
    per_family: perFamily,
    benign: unseen.benign.length,
    benign_block_rate: rate(falsePositives.length, unseen.benign.length),
    missed,
    false_positives: falsePositives,
  };
}
