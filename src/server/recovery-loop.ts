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

/**
 * Each sweep finishes the served runtime's runs only (only it can). Runs other runtimes left in flight
 * are named in a warning at start-up, with the command that finishes them, rather than passed over in silence.
 */
export function startRecoveryLoop(runtime: Pick<Runtime, 'name' | 'runs' | 'recover'>, log: Logger, periodMs: number): RecoveryLoop {
  let current: Promise<void> = Promise.resolve();
  const warnOthers = async () => {
    const others = (await runtime.runs.listIntents()).filter((intent) => intent.runtime !== runtime.name);
    if (others.length === 0) return;
    const runtimes = [...new Set(others.map((intent) => intent.runtime))].join(',');
    log.warn('runs of other runtimes are in flight; this process finishes its own runtime\'s only (waybill resume --all finishes any once its process is gone)', { runtime: runtime.name, other_runtimes: runtimes, runs: others.length, thread_ids: [...new Set(others.map((intent) => intent.threadId))].join(',') });
  };
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
  const started = sweep('start-up').then(() => warnOthers().catch((error: unknown) => log.error('recovery sweep failed', { when: 'start-up', error: error instanceof Error ? error.message : String(error) })));
  // `stop` waits for the warning too: it reads the run store, which closes after the loop stops.
  current = started;
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
