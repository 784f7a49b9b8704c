import { expect, it } from 'vitest';
import { sampleRunRecord } from '../../telemetry/sample-run-record.js';
import { checkpointValues, recordReader } from './checkpoint-values.js';
import type { ProtocolCheckpoint } from './protocol-store.js';
import { storedMessages } from './protocol-values.js';

const checkpoint = (runId: string, messages: ProtocolCheckpoint['messages']): ProtocolCheckpoint => ({ checkpoint_id: `cp-${runId}`, thread_id: 't', parent_id: null, run_id: runId, messages, created_at: '2026-12-01T00:00:00.000Z' });

it('stores answers as references and reads their text from the kernel, each record once', async () => {
  const asked: string[] = [];
  const runs = { getRun: async (id: string) => (asked.push(id), id === 'r1' ? sampleRunRecord({ run_id: 'r1', answer: 'delivered' }) : undefined) };
  const stored = storedMessages([
    { type: 'human', id: 'r1-human', content: 'where is TTN-000001' },
    { type: 'ai', id: 'r1-ai', content: 'a copy that is not kept', response_metadata: { waybill: { run_id: 'r1' } } },
  ]);
  expect(stored).toEqual([{ type: 'human', id: 'r1-human', content: 'where is TTN-000001' }, { type: 'ai', id: 'r1-ai', run_id: 'r1' }]);
  const read = recordReader(runs);
  const first = await checkpointValues(read, checkpoint('r1', stored));
  await checkpointValues(read, checkpoint('r1', stored));
  expect(first.values.messages.map((m) => m.content)).toEqual(['where is TTN-000001', 'delivered']);
  expect(first.interrupts).toEqual([]);
  expect(asked).toEqual(['r1']);
});

it('says so when the kernel record of an answer is gone (pruned) rather than showing text no one owns', async () => {
  const read = recordReader({ getRun: async () => undefined });
  const { values, interrupts } = await checkpointValues(read, checkpoint('r2', [{ type: 'ai', id: 'r2-ai', run_id: 'r2' }]));
  expect(values.messages).toEqual([{ type: 'ai', id: 'r2-ai', content: '', response_metadata: { waybill: { run_id: 'r2', record_missing: true } } }]);
  expect(interrupts).toEqual([]);
});
