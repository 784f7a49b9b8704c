import { domainSnapshot } from './domain-snapshot.js';
import type { DomainSnapshot } from './domain-snapshot.js';
import type { Runtime } from '../runtimes/index.js';
import type { EvalOpenOptions, EvalRuntime } from './eval-runtime.js';

/**
 * One session reused by many read-only items (user-carried attacks, benign inputs), each on its own
 * thread, because opening a runtime costs more than an input-guard block. Independence is kept where
 * it matters: the session is replaced as soon as an item leaves the domain different from how it was
 * opened (only a breach can), and after `maxUses` items, so rate limits and breakers never carry far.
 */
export class SharedSessions {
  readonly #runtime: EvalRuntime;
  readonly #open: EvalOpenOptions;
  readonly #maxUses: number;
  #session: Runtime | undefined;
  #pristine: DomainSnapshot | undefined;
  #uses = 0;
  /** How many sessions were opened, for the report. */
  opened = 0;

  constructor(runtime: EvalRuntime, open: EvalOpenOptions = {}, maxUses = 25) {
    this.#runtime = runtime;
    this.#open = open;
    this.#maxUses = maxUses;
  }

  async use<T>(work: (session: Runtime) => Promise<T>): Promise<T> {
    if (!this.#session) {
      this.#session = await this.#runtime.open(this.#open);
      this.#pristine = await domainSnapshot(this.#session.domain);
      this.#uses = 0;
      this.opened += 1;
    }
    const session = this.#session;
    try {
      return await work(session);
    } finally {
      this.#uses += 1;
      const now = await domainSnapshot(session.domain);
      if (this.#uses >= this.#maxUses || JSON.stringify(now) !== JSON.stringify(this.#pristine)) await this.close();
    }
  }

  async close(): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    await session?.close();
  }
}
