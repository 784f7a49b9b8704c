import { fileURLToPath } from 'node:url';
import type { GoldenTask } from './golden-task.js';
import { GOLDEN_TASKS_VERSION, GoldenTaskFile } from './golden-task.js';
import { readVersionedJson } from './read-versioned-json.js';

/** `evals/golden-tasks.json` in the package (two levels up from src/evals/ and dist/evals/ alike). */
export const BUNDLED_GOLDEN_TASKS = fileURLToPath(new URL('../../evals/golden-tasks.json', import.meta.url));

/** Loads and validates the golden tasks; throws EvalDataError naming the file and the problems. */
export function loadGoldenTasks(path: string = BUNDLED_GOLDEN_TASKS): GoldenTask[] {
  return readVersionedJson(path, GoldenTaskFile, GOLDEN_TASKS_VERSION).tasks;
}
