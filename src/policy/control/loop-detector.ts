import { argsHash } from '../../domain/index.js';

/**
 * Stops a run that keeps making the same call: the same tool with the same arguments hash seen
 * `maxRepeats` times (default 3) is a loop, not progress.
 */
export class LoopDetector {
  readonly #maxRepeats: number;
  readonly #seen = new Map<string, number>();

  constructor(maxRepeats = 3) {
    if (!(Number.isInteger(maxRepeats) && maxRepeats >= 2)) throw new RangeError(`maxRepeats must be an integer of at least 2, got ${maxRepeats}`);
    this.#maxRepeats = maxRepeats;
  }

  /**
   * Un-records one call: a sub-task retried by the proof loop may make the calls of its first attempt
   * again, which is a second try, not a loop.
   */
  forget(tool: string, args: unknown): void {
    const key = `${tool}:${argsHash(args)}`;
    const count = (this.#seen.get(key) ?? 0) - 1;
    if (count > 0) this.#seen.set(key, count);
    else this.#seen.delete(key);
  }

  /** Records a call; returns `loop_detected` when it is one repeat too many. */
  record(tool: string, args: unknown): 'loop_detected' | undefined {
    const key = `${tool}:${argsHash(args)}`;
    const count = (this.#seen.get(key) ?? 0) + 1;
    this.#seen.set(key, count);
    return count >= this.#maxRepeats ? 'loop_detected' : undefined;
  }
}
