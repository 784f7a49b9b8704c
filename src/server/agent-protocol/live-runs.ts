/** One server-sent event of a run, numbered so a client can resume after the last one it saw. */
export interface ProtocolEvent {
  id: string;
  event: string;
  data: unknown;
}

/** A run of this process: its events so far, who is listening, and whether it has ended. */
export interface LiveRun {
  runId: string;
  threadId: string;
  tenant: string;
  events: ProtocolEvent[];
  ended: boolean;
  /** Cancels the run before its next model call. */
  abort: AbortController;
  /** Resolves when the run has ended and its last event is recorded. */
  done: Promise<void>;
}

interface Entry extends LiveRun {
  listeners: Set<() => void>;
  endedAt?: number;
  finish: () => void;
}

/**
 * The runs of this process with their events, kept for `keepMs` after they end (default 10 minutes,
 * at most `maxRuns`), so a client whose connection dropped can rejoin with `Last-Event-ID` and miss
 * nothing. Older runs are answered from the store (their final state), not replayed event by event.
 */
export class LiveRuns {
  readonly #runs = new Map<string, Entry>();
  readonly #keepMs: number;
  readonly #maxRuns: number;

  constructor(options: { keepMs?: number; maxRuns?: number } = {}) {
    this.#keepMs = options.keepMs ?? 10 * 60_000;
    this.#maxRuns = options.maxRuns ?? 1000;
  }

  start(run: { runId: string; threadId: string; tenant: string }): LiveRun {
    this.#evict();
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const entry: Entry = { ...run, events: [], ended: false, abort: new AbortController(), done, listeners: new Set(), finish };
    this.#runs.set(run.runId, entry);
    return entry;
  }

  get(runId: string): LiveRun | undefined {
    return this.#runs.get(runId);
  }

  /** Appends an event with the next id and wakes every listener. */
  emit(runId: string, event: string, data: unknown): void {
    const entry = this.#runs.get(runId);
    if (!entry || entry.ended) return;
    entry.events.push({ id: String(entry.events.length + 1), event, data });
    for (const wake of entry.listeners) wake();
  }

  end(runId: string): void {
    const entry = this.#runs.get(runId);
    if (!entry || entry.ended) return;
    entry.ended = true;
    entry.endedAt = Date.now();
    for (const wake of entry.listeners) wake();
    entry.finish();
  }

  /**
   * The run's events after `lastEventId` (all of them without one), as they come, until it ends or
   * `signal` aborts.
   */
  async *follow(runId: string, lastEventId: string | undefined, signal: AbortSignal): AsyncGenerator<ProtocolEvent> {
    const entry = this.#runs.get(runId);
    if (!entry) return;
    let next = lastEventId !== undefined && /^\d+$/.test(lastEventId) ? Number(lastEventId) : 0;
    while (!signal.aborted) {
      while (next < entry.events.length) {
        const event = entry.events[next];
        next += 1;
        if (event) yield event;
      }
      if (entry.ended) return;
      await new Promise<void>((resolve) => {
        const wake = () => {
          entry.listeners.delete(wake);
          signal.removeEventListener('abort', wake);
          resolve();
        };
        entry.listeners.add(wake);
        signal.addEventListener('abort', wake, { once: true });
      });
    }
  }

  /** Resolves when every run of this process has ended. */
  async idle(): Promise<void> {
    await Promise.all([...this.#runs.values()].map((entry) => entry.done));
  }

  #evict(): void {
    const now = Date.now();
    for (const [id, entry] of this.#runs) if (entry.endedAt !== undefined && now - entry.endedAt > this.#keepMs) this.#runs.delete(id);
    for (const [id, entry] of this.#runs) {
      if (this.#runs.size < this.#maxRuns) break;
      if (entry.ended) this.#runs.delete(id);
    }
  }
}
