import { apiKey, errorOf } from './api.js';
import { ApiError } from './api-error.js';
import type { Step } from './api-types.js';
import { h } from './h.js';
import { readSse } from './read-sse.js';
import { stepText } from './step-text.js';

/** The last message of a `values` event carries the Waybill run id in its response metadata. */
interface ValuesEvent {
  messages?: { response_metadata?: { waybill?: { run_id?: string } } }[];
}

/**
 * Starts a run through the Agent Protocol's streaming route (`POST /runs/stream`, or on a thread with
 * `if_not_exists: "create"`), lists each kernel step (`custom` events) in `list` as it arrives, and
 * resolves with the Waybill run id when the stream ends.
 */
export async function liveAsk(input: string, threadId: string | undefined, list: HTMLOListElement): Promise<string> {
  const body: Record<string, unknown> = { assistant_id: 'waybill', input: { messages: [{ role: 'user', content: input }] }, stream_mode: ['custom', 'values'] };
  let path = '/runs/stream';
  if (threadId) {
    path = `/threads/${encodeURIComponent(threadId)}/runs/stream`;
    body.if_not_exists = 'create';
  }
  const res = await fetch(path, { method: 'POST', headers: { authorization: `Bearer ${apiKey()}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) {
    const text = await res.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = {};
    }
    const error = errorOf(data);
    throw new ApiError(error.message || res.statusText, res.status, undefined);
  }
  // Filled by the stream's events: the run id from the last `values` event, or the `error` event.
  const outcome: { runId?: string; failure?: { message?: string } } = {};
  await readSse(res, (name, data) => {
    if (name === 'custom') {
      const step = data as Step;
      const text = stepText(step);
      if (text) list.append(h('li', { 'data-type': step.type }, text));
    } else if (name === 'values') {
      const messages = (data as ValuesEvent).messages;
      const meta = messages?.[messages.length - 1]?.response_metadata?.waybill;
      if (meta) outcome.runId = meta.run_id;
    } else if (name === 'error') outcome.failure = data as { message?: string };
  });
  if (outcome.failure) throw new Error(outcome.failure.message || 'the run failed');
  if (!outcome.runId) throw new Error('the run ended without an answer');
  return outcome.runId;
}
