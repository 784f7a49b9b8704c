import { describe, expect, it } from 'vitest';
import { LiveRuns } from './live-runs.js';

describe('LiveRuns', () => {
  it('wakes a waiter of the run at its news, not a waiter of another run, and forgets a run that ended', async () => {
    const live = new LiveRuns();
    const run = live.start({ runId: 'r1', threadId: 't1' });
    const woken: string[] = [];
    const never = new AbortController();
    const mine = live.waitForNews('r1', 60_000, never.signal).then(() => woken.push('r1'));
    const theirs = live.waitForNews('r2', 60_000, never.signal).then(() => woken.push('r2'));
    live.wake('r1');
    await mine;
    expect(woken).toEqual(['r1']);
    live.end('r1');
    await run.done;
    expect(live.get('r1')).toBeUndefined();
    never.abort();
    await theirs;
    expect(woken).toEqual(['r1', 'r2']);
    await live.idle();
  });

  it('gives up waiting after the poll period, so news from another process is looked for', async () => {
    const live = new LiveRuns();
    await expect(live.waitForNews('r1', 1, new AbortController().signal)).resolves.toBeUndefined();
  });
});
