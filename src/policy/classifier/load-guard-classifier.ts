import { readFileSync } from 'node:fs';
import { GuardClassifierFile, GuardClassifierFileError, modelFromFile } from './guard-classifier-model.js';
import type { GuardClassifierModel } from './guard-classifier-model.js';

/** Where the input guard's classifier ships: `data/guard-classifier.json` at the package root (same depth from src/ and dist/). */
export const GUARD_CLASSIFIER_PATH = new URL('../../../data/guard-classifier.json', import.meta.url);

/**
 * Where the taint scan's classifier ships: `data/taint-classifier.json`. A separate model because
 * third-party text is another register: a note, a passage or another agent's output addressed to
 * whoever reads it, where the input model, trained on requests, flagged policy passages.
 */
export const TAINT_CLASSIFIER_PATH = new URL('../../../data/taint-classifier.json', import.meta.url);

const cached = new Map<string, GuardClassifierModel>();

/**
 * The shipped input classifier, read and checked once per process (about 10 ms), then kept. Throws
 * {@link GuardClassifierFileError} when the file is missing or malformed: the package is broken, and
 * the guard must not silently run without its classifier.
 */
export function loadGuardClassifier(): GuardClassifierModel {
  return loadClassifier(GUARD_CLASSIFIER_PATH, 'guard');
}

/** The shipped taint classifier (third-party text), read and checked once per process; throws as {@link loadGuardClassifier}. */
export function loadTaintClassifier(): GuardClassifierModel {
  return loadClassifier(TAINT_CLASSIFIER_PATH, 'taint');
}

function loadClassifier(path: URL, name: string): GuardClassifierModel {
  const known = cached.get(path.href);
  if (known !== undefined) return known;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new GuardClassifierFileError(`cannot read the ${name} classifier at ${path.pathname}; run npm run guard:train`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GuardClassifierFileError(`the ${name} classifier file is not JSON`, { cause: error });
  }
  const parsed = GuardClassifierFile.safeParse(json);
  if (!parsed.success) throw new GuardClassifierFileError(`the ${name} classifier file does not fit its schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const model = modelFromFile(parsed.data);
  cached.set(path.href, model);
  return model;
}
