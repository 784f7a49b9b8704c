import type { AuditEvent } from './audit-event.js';

/** Where audit events go. `emit` is synchronous and must never throw: auditing cannot stop a run. */
export interface AuditSink {
  emit(event: AuditEvent): void;
}

/** Keeps events in memory, in order: for tests, and for a run in progress until they are stored. */
export class MemoryAuditSink implements AuditSink {
  readonly #events: AuditEvent[] = [];

  emit(event: AuditEvent): void {
    this.#events.push(event);
  }

  /** The events emitted so far, oldest first (a copy). */
  get events(): readonly AuditEvent[] {
    return [...this.#events];
  }

  /** Returns the events emitted so far and forgets them, e.g. to hand them to `RunStore.appendEvents`. */
  drain(): AuditEvent[] {
    return this.#events.splice(0);
  }
}
