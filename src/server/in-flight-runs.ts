import { toApiError } from './to-api-error.js';

/** A run started with `"wait": false` that has not been stored yet. */
export interface InFlightRun {
  run_id: string;
  tenant: string;
  thread_id: string;
  request_id: string;
  started_at: string;
  status: 'running' | 'failed';
  error?: { code: string; message: string };
}

/**
 * Background runs of this process, so `GET /v1/runs/:id` can answer "running" before the record is
 * stored, and so the server can wait for them when it shuts down.
 */
export class InFlightRuns {
  readonly #runs = new Map<string, InFlightRun>();
  readonly #tasks = new Set<Promise<unknown>>();

  start(run: Omit<InFlightRun, 'status'>, task: Promise<unknown>): void {
    this.#runs.set(run.run_id, { ...run, status: 'running' });
    const tracked = task.then(
      () => this.#runs.delete(run.run_id),
      (error: unknown) => {
        // Kept so a client polling the id learns it failed instead of seeing it vanish.
        this.#runs.set(run.run_id, { ...run, status: 'failed', error: { code: toApiError(error)?.code ?? 'internal', message: error instanceof Error ? error.message : String(error) } });
      },
    );
    this.#tasks.add(tracked);
    void tracked.finally(() => this.#tasks.delete(tracked));
  }

  get(runId: string): InFlightRun | undefined {
    return this.#runs.get(runId);
  }

  /** Resolves when every background run has ended. */
  async idle(): Promise<void> {
    while (this.#tasks.size > 0) await Promise.allSettled([...this.#tasks]);
  }
}
