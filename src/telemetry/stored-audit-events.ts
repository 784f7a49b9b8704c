import { redactPii } from '../policy/index.js';
import type { AuditEvent } from './audit-event.js';

/** One audit event as both run stores write it: its columns and its JSON with the detail redacted. */
export interface StoredAuditEvent {
  run_id: string;
  ts: string;
  type: string;
  event: string;
}

// No PII pattern crosses a line break, so a run's details joined by one are redacted exactly when
// some detail is: one pass over the run instead of one per event, each event again only then.
const SEPARATOR = '\n';

/**
 * The rows of a run's audit events. Defence in depth (issue 20): free-text details are redacted again
 * before they are written, whatever a runtime put in them; hashes and ids are left as they are.
 */
export function storedAuditEvents(events: readonly AuditEvent[]): StoredAuditEvent[] {
  const details = events.flatMap((event) => (event.detail === undefined ? [] : [event.detail]));
  const anyPii = details.length > 0 && redactPii(details.join(SEPARATOR)).total > 0;
  return events.map((event) => {
    const stored = anyPii && event.detail !== undefined ? { ...event, detail: redactPii(event.detail).text } : event;
    return { run_id: event.run_id, ts: new Date(event.ts).toISOString(), type: event.type, event: JSON.stringify(stored) };
  });
}
