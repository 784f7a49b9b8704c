import type { CallSpec } from './chat-types.js';
import { callKey } from './call-key.js';
import type { RecordedCall } from './conversation.js';

/** Earlier calls by key (see callKey); where a call was made twice, the latest one with a result wins. */
export type CallLookup = ReadonlyMap<string, RecordedCall>;

/** Indexes recorded calls by key. */
export function callLookup(calls: readonly RecordedCall[]): CallLookup {
  const lookup = new Map<string, RecordedCall>();
  for (const call of calls) {
    const key = callKey(call.name, call.args);
    const known = lookup.get(key);
    if (!known || call.result !== undefined || known.result === undefined) lookup.set(key, call);
  }
  return lookup;
}

/** The recorded call matching a planned one, if it was made. */
export function findCall(lookup: CallLookup, spec: CallSpec): RecordedCall | undefined {
  return lookup.get(callKey(spec.name, spec.args));
}
