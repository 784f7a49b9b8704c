/** A run this process is running: its cancel switch, and a promise that settles when it has ended. */
export interface LiveRun {
  runId: string;
  threadId: string;
  /** Cancels the run before its next model call. */
  abort: AbortController;
  /** Resolves when the run has ended and its last event is stored. */
  done: Promise<void>;
}

interface Entry extends LiveRun {
  finish: () => void;
}

/**
 * What one process knows beyond the store: the runs it is running (to cancel them at once and to wait
 * for them on shutdown) and who in this process follows which run (woken as soon as an event is
 * stored here rather than at the next poll). The events themselves live in the store
 * (`ProtocolStore.appendEvents`), so any process streams any run.
 */
export class LiveRuns {
  readonly #runs = new Map<string, Entry>();
  readonly #waiters = new Map<string, Set<() => void>>();

  start(run: { runId: string; threadId: string }): LiveRun {
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const entry: Entry = { ...run, abort: new AbortController(), done, finish };
    this.#runs.set(run.runId, entry);
    return entry;
  }

  get(runId: string): LiveRun | undefined {
    return this.#runs.get(runId);
  }

  /** The run has ended here: followers are woken and the entry forgotten. */
  end(runId: string): void {
    const entry = this.#runs.get(runId);
    this.#runs.delete(runId);
    this.wake(runId);
    entry?.finish();
  }

  /** Wakes everyone in this process waiting for news of the run. */
  wake(runId: string): void {
    const waiters = this.#waiters.get(runId);
    this.#waiters.delete(runId);
    for (const wake of waiters ?? []) wake();
  }

  /** Resolves at the run's next event stored by this process, after `pollMs` (news from another process), or when `signal` aborts. */
  async waitForNews(runId: string, pollMs: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    await new Promise<void>((resolve) => {
      const waiters = this.#waiters.get(runId) ?? new Set<() => void>();
      this.#waiters.set(runId, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, pollMs);
      waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  /** Resolves when every run of this process has ended. */
  async idle(): Promise<void> {
    await Promise.all([...this.#runs.values()].map((entry) => entry.done));
  }
}
