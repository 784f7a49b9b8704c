import type { RunStore } from '../../telemetry/index.js';
import type { ProtocolRunner } from './drive-protocol-run.js';
import { endAbandonedProtocolRuns } from './protocol-job-runtime.js';

/**
 * Ends, on start-up and every `leaseMs`, the Agent Protocol runs whose process stopped mid-run (not
 * stamped alive for a lease): any number of `serve` processes and workers share a database, so a run
 * is abandoned when its own process stops stamping it, not when some process starts.
 */
export function startProtocolSweep(runner: ProtocolRunner, runs: Pick<RunStore, 'getRun' | 'latestRunForThread' | 'listIntents'>, leaseMs: number): { stop(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  const sweep = () => {
    current = current
      .then(() => endAbandonedProtocolRuns(runner, runs, leaseMs))
      .then(
        (ended) => {
          if (ended > 0) runner.log.warn('agent protocol runs whose process stopped were ended', { runs: ended });
        },
        (error: unknown) => runner.log.error('agent protocol sweep failed', { error: error instanceof Error ? error.message : String(error) }),
      );
  };
  sweep();
  const timer = setInterval(sweep, leaseMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
