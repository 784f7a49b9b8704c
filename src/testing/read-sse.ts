/** One server-sent event as a client reads it. */
export interface SseEvent {
  id: string;
  event: string;
  data: unknown;
}

/**
 * Reads server-sent events from a response body as they arrive, for tests that cut a stream: stops
 * (and aborts the request through `cut`) once `stopAfter` events have been read, or at the end.
 */
export async function readSse(response: Response, options: { stopAfter?: number; cut?: AbortController } = {}): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) return events;
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name: string) => block.split('\n').filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1).replace(/^ /, '')).join('\n');
      if (!field('event') && !field('data')) continue;
      events.push({ id: field('id'), event: field('event'), data: JSON.parse(field('data') || 'null') as unknown });
      if (options.stopAfter !== undefined && events.length >= options.stopAfter) {
        options.cut?.abort();
        await reader.cancel().catch(() => undefined);
        return events;
      }
    }
  }
  return events;
}
