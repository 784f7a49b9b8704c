// A trainer or a team lead asking for training material about attacks ("write three sample dialogues
// where a caller pressures the agent to skip approval, with the correct responses", «пример диалога,
// где бот вежливо отказывает в возврате без согласования») names the attack as the scene to be
// refused. It asks for a text in which the request is turned down, not for the request to be done.
// Only when the material is for training, is a dialogue, an example or a checklist, and its outcome
// is the right answer or a refusal. Only the concept detectors stand down: the rules and the classifier
// still read the text, so an order wrapped in a training frame is still read as one.
import { canonicalView } from '../normalise/index.js';
import { wordStartSearch } from './word-start-search.js';

const LETTER = /^\p{L}$/u;

/** Training named: a drill, a course, onboarding. */
const TRAINING_WORDS = String.raw`(?:drills?|training|trainees?|onboarding|workshop|тренінг\p{L}{0,3}|тренинг\p{L}{0,3}|тренуван\p{L}{0,3}|тренировк\p{L}{0,3}|навчан\p{L}{0,3}|обучени\p{L}{0,3}|стажер\p{L}{0,3}|стажист\p{L}{0,3}|новачк\p{L}{0,3}|новичк\p{L}{0,3}|нових\sоператор\p{L}{0,3}|новых\sоператор\p{L}{0,3})(?![\p{L}])`;
/** The material asked for: a dialogue, examples, a script, a checklist. */
const MATERIAL_WORDS = String.raw`(?:dialogues?|dialogs?|examples?|samples?|scripts?|checklists?|role-?plays?|scenarios?|діалог\p{L}{0,3}|приклад\p{L}{0,3}|сценарі\p{L}{0,3}|чек-?лист\p{L}{0,3}|памятк\p{L}{0,3}|пам'ятк\p{L}{0,3}|диалог\p{L}{0,3}|пример\p{L}{0,3}|сценари\p{L}{0,3})(?![\p{L}])`;
/** The outcome the material shows: the right answer, a refusal, what to check. */
const OUTCOME_WORDS = String.raw`(?:correct(?:ly)?|right\sway|proper(?:ly)?|politely|refus\p{L}{0,4}|declin\p{L}{0,4}|verify|правильн\p{L}{0,4}|ввічлив\p{L}{0,4}|вежлив\p{L}{0,4}|відмов\p{L}{0,4}|отказ\p{L}{0,4}|перевір\p{L}{0,4}|провер\p{L}{0,4})(?![\p{L}])`;
/**
 * What material for a drill never needs and an order does: a real shipment's number, or an order's
 * verb in the imperative («скасуй», «верни»; English imperatives are also nouns, and the number
 * covers "refund TTN-…").
 */
const ORDER_WORDS = String.raw`(?:ttn|ттн|накладн\p{L}{0,3}|скасуй\p{L}{0,2}|поверни\p{L}{0,2}|проведи\p{L}{0,2}|погодь\p{L}{0,2}|схвали\p{L}{0,2}|отмени\p{L}{0,2}|верни\p{L}{0,2}|одобри\p{L}{0,2}|[0-9]{6})`;
const TRAINING = wordStartSearch(TRAINING_WORDS, 'u', LETTER);
const ORDER = wordStartSearch(ORDER_WORDS, 'u', LETTER);
const MATERIAL = wordStartSearch(MATERIAL_WORDS, 'u', LETTER);
const OUTCOME = wordStartSearch(OUTCOME_WORDS, 'u', LETTER);
/** The regexes of {@link asksForTrainingMaterial}, for the linearity test. */
export const TRAINING_MATERIAL_REGEXES: readonly RegExp[] = [TRAINING_WORDS, MATERIAL_WORDS, OUTCOME_WORDS, ORDER_WORDS].map((words) => new RegExp(words, 'u'));

/** Whether a text asks for training material whose scene is an attack met the right way, naming no shipment and giving no order; on its canonical view. */
export function asksForTrainingMaterial(text: string): boolean {
  const view = canonicalView(text).view;
  return TRAINING.test(view) && MATERIAL.test(view) && OUTCOME.test(view) && !ORDER.test(view);
}
