import { afterEach, describe, expect, it } from 'vitest';
import { SqliteProtocolStore } from './protocol-store.js';

let store: SqliteProtocolStore;
afterEach(() => store.close());

describe('SqliteProtocolStore', () => {
  it('gives a thread id once, lets one run claim a thread at a time, and keeps checkpoints newest first', () => {
    store = SqliteProtocolStore.open(':memory:');
    expect(store.createThread({ threadId: 't1', tenant: 'acme', metadata: { a: 1 } })).toBe(true);
    expect(store.createThread({ threadId: 't1', tenant: 'globex', metadata: {} })).toBe(false);
    expect(store.getThread('t1')?.tenant).toBe('acme');
    expect(store.claimThread('t1')).toBe(true);
    expect(store.claimThread('t1')).toBe(false);
    store.addCheckpoint({ checkpointId: 'c1', threadId: 't1', runId: 'r1', values: { messages: [] }, interrupts: [] });
    store.addCheckpoint({ checkpointId: 'c2', threadId: 't1', runId: 'r2', values: { messages: [1] }, interrupts: [{ id: 'i' }] });
    expect(store.listCheckpoints('t1', 10).map((c) => [c.checkpoint_id, c.parent_id])).toEqual([['c2', 'c1'], ['c1', null]]);
    expect(store.searchThreads({ tenant: 'acme', metadata: { a: 1 }, limit: 10, offset: 0 })).toHaveLength(1);
    expect(store.searchThreads({ tenant: 'acme', metadata: { a: 2 }, limit: 10, offset: 0 })).toHaveLength(0);
    expect(store.searchThreads({ tenant: 'globex', limit: 10, offset: 0 })).toHaveLength(0);
  });

  it('frees threads and fails runs a stopped process left running', () => {
    store = SqliteProtocolStore.open(':memory:');
    store.createThread({ threadId: 't1', tenant: 'acme', metadata: {} });
    store.claimThread('t1');
    store.createRun({ runId: 'r1', threadId: 't1', tenant: 'acme', assistantId: 'langgraph', metadata: {} });
    expect(store.recoverAbandoned()).toBe(1);
    expect(store.getRun('r1')?.status).toBe('error');
    expect(store.claimThread('t1')).toBe(true);
  });
});
