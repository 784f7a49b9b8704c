import { describe, expect, it } from 'vitest';
import type { Logger } from '../mcp/stderr-logger.js';
import type { Runtime, RuntimeName } from '../runtimes/index.js';
import type { RunIntent, RunStore } from '../telemetry/index.js';
import { startRecoveryLoop } from './recovery-loop.js';

const intent = (runtime: RuntimeName, threadId: string): RunIntent => ({
  runId: `run-${threadId}`,
  threadId,
  tenant: 'default',
  requestId: `req-${threadId}`,
  runtime,
  kind: 'ask',
  input: 'Де TTN-000001?',
  startedAt: '2026-12-03T00:00:00.000Z',
  // A live holder far in the future: nothing here is the served runtime's to finish.
  owner: 'elsewhere:1:x',
  leaseUntil: '2999-01-01T00:00:00.000Z',
  attempts: 1,
});

function capture(): Logger & { warnings: Array<{ message: string; fields?: Record<string, unknown> }> } {
  const warnings: Array<{ message: string; fields?: Record<string, unknown> }> = [];
  const ignore = () => undefined;
  return { warnings, debug: ignore, info: ignore, error: ignore, warn: (message, fields) => warnings.push({ message, ...(fields && { fields }) }) };
}

const servedBy = (name: RuntimeName, intents: RunIntent[]): Pick<Runtime, 'name' | 'runs' | 'recover'> => ({
  name,
  runs: { listIntents: async () => intents } as unknown as RunStore,
  recover: async () => [],
});

describe('the recovery loop', () => {
  it('names, at start-up, the runs other runtimes left in flight, which it cannot finish', async () => {
    const log = capture();
    const loop = startRecoveryLoop(servedBy('openai-agents', [intent('langgraph', 't1'), intent('adk', 't2'), intent('openai-agents', 't3')]), log, 60_000);
    await loop.started;
    await loop.stop();
    expect(log.warnings).toEqual([
      { message: expect.stringContaining('waybill resume --all'), fields: { runtime: 'openai-agents', other_runtimes: 'langgraph,adk', runs: 2, thread_ids: 't1,t2' } },
    ]);
  });

  it('says nothing when every run in flight is the served runtime\'s', async () => {
    const log = capture();
    const loop = startRecoveryLoop(servedBy('adk', [intent('adk', 't1')]), log, 60_000);
    await loop.started;
    await loop.stop();
    expect(log.warnings).toEqual([]);
  });
});
