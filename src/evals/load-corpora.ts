import { fileURLToPath } from 'node:url';
import type { Attack, BenignInput } from './attack.js';
import { AttackCorpus, BenignCorpus, CORPUS_VERSION } from './attack.js';
import { readVersionedJson } from './read-versioned-json.js';

/** The committed corpora (two levels up from src/evals/ and dist/evals/ alike). */
const BUNDLED_REDTEAM_CORPUS = fileURLToPath(new URL('../../evals/redteam-corpus.json', import.meta.url));
const BUNDLED_BENIGN_CORPUS = fileURLToPath(new URL('../../evals/benign-corpus.json', import.meta.url));

/** Loads and validates the attack corpus; throws EvalDataError naming the file and the problems. */
export function loadAttackCorpus(path: string = BUNDLED_REDTEAM_CORPUS): Attack[] {
  return readVersionedJson(path, AttackCorpus, CORPUS_VERSION).attacks;
}

/** Loads and validates the benign look-alike inputs; throws EvalDataError naming the file and the problems. */
export function loadBenignCorpus(path: string = BUNDLED_BENIGN_CORPUS): BenignInput[] {
  return readVersionedJson(path, BenignCorpus, CORPUS_VERSION).inputs;
}
