import type { Logger } from '../mcp/stderr-logger.js';
import type { Runtime } from '../runtimes/index.js';
import { recoverAbandoned } from '../runtimes/index.js';

/** The service's recovery: a sweep on start-up and one every `periodMs`, so runs a dead process left are finished here. */
export interface RecoveryLoop {
  /** Settles when the start-up sweep has ended (it never rejects). */
  readonly started: Promise<void>;
  /** Stops sweeping and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export function startRecoveryLoop(runtime: Pick<Runtime, 'name' | 'runs' | 'recover'>, log: Logger, periodMs: number): RecoveryLoop {
  let current: Promise<void> = Promise.resolve();
  const sweep = (when: string) => {
    current = recoverAbandoned(runtime).then(
      ({ recovered, failed }) => {
        if (recovered.length > 0) log.warn('finished runs a stopped process left behind', { when, runs: recovered.length, run_ids: recovered.map((r) => r.run_id).join(',') });
        for (const { threadId, error } of failed) log.error('could not finish a run a stopped process left behind', { when, thread_id: threadId, error });
      },
      (error: unknown) => log.error('recovery sweep failed', { when, error: error instanceof Error ? error.message : String(error) }),
    );
    return current;
  };
  const started = sweep('start-up');
  const timer = setInterval(() => {
    void current.then(() => sweep('periodic'));
  }, periodMs);
  timer.unref();
  return {
    started,
    stop: async () => {
      clearInterval(timer);
      await current;
    },
  };
}
