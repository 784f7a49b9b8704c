import { describe, expect, it } from 'vitest';
import { LiveRuns } from './live-runs.js';

const drain = async (iterable: AsyncIterable<{ id: string; event: string }>) => {
  const seen: string[] = [];
  for await (const e of iterable) seen.push(`${e.id}:${e.event}`);
  return seen;
};

describe('LiveRuns', () => {
  it('gives a follower every event as it comes, and one that rejoins only those after its last id', async () => {
    const live = new LiveRuns();
    live.start({ runId: 'r1', threadId: 't1', tenant: 'acme' });
    live.emit('r1', 'metadata', {});
    const following = drain(live.follow('r1', undefined, new AbortController().signal));
    live.emit('r1', 'custom', {});
    live.emit('r1', 'values', {});
    live.end('r1');
    live.emit('r1', 'late', {});
    expect(await following).toEqual(['1:metadata', '2:custom', '3:values']);
    expect(await drain(live.follow('r1', '2', new AbortController().signal))).toEqual(['3:values']);
    await live.get('r1')?.done;
  });

  it('stops following when the client goes away, and forgets ended runs after the keep window', async () => {
    const live = new LiveRuns({ keepMs: 0 });
    live.start({ runId: 'r1', threadId: 't1', tenant: 'acme' });
    const gone = new AbortController();
    const following = drain(live.follow('r1', undefined, gone.signal));
    live.emit('r1', 'metadata', {});
    await new Promise((resolve) => setTimeout(resolve, 5));
    gone.abort();
    expect(await following).toEqual(['1:metadata']);
    live.end('r1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    live.start({ runId: 'r2', threadId: 't1', tenant: 'acme' });
    expect(live.get('r1')).toBeUndefined();
    expect(live.get('r2')).toBeDefined();
  });
});
