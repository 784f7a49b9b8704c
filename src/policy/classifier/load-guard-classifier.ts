import { readFileSync } from 'node:fs';
import { GuardClassifierFile, GuardClassifierFileError, modelFromFile } from './guard-classifier-model.js';
import type { GuardClassifierModel } from './guard-classifier-model.js';

/** Where the trained classifier ships: `data/guard-classifier.json` at the package root (same depth from src/ and dist/). */
export const GUARD_CLASSIFIER_PATH = new URL('../../../data/guard-classifier.json', import.meta.url);

let cached: GuardClassifierModel | undefined;

/**
 * The shipped classifier, read and checked once per process (about 10 ms), then kept. Throws
 * {@link GuardClassifierFileError} when the file is missing or malformed: the package is broken, and
 * the guard must not silently run without its classifier.
 */
export function loadGuardClassifier(): GuardClassifierModel {
  if (cached !== undefined) return cached;
  let text: string;
  try {
    text = readFileSync(GUARD_CLASSIFIER_PATH, 'utf8');
  } catch (error) {
    throw new GuardClassifierFileError(`cannot read the guard classifier at ${GUARD_CLASSIFIER_PATH.pathname}; run npm run guard:train`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GuardClassifierFileError('the guard classifier file is not JSON', { cause: error });
  }
  const parsed = GuardClassifierFile.safeParse(json);
  if (!parsed.success) throw new GuardClassifierFileError(`the guard classifier file does not fit its schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  cached = modelFromFile(parsed.data);
  return cached;
}
