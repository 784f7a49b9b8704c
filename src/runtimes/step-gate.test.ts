import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelEndpoint } from '../models/index.js';
import { openRuntime } from './open-runtime.js';
import { SqliteControlStore } from '../policy/index.js';
import { makeTempDir } from '../testing/temp-dir.js';
import type { CountingOracle } from '../evals/compare/counting-oracle.js';
import { serveCountingOracle } from '../evals/compare/counting-oracle.js';

const temp = makeTempDir();
let oracle: CountingOracle;
beforeAll(async () => {
  oracle = await serveCountingOracle();
});
afterAll(async () => {
  await oracle.close();
  temp.cleanup();
});
beforeEach(() => oracle.reset());

const RUNTIMES = [
  { name: 'adk', open: (dbPath: string, endpoint: ModelEndpoint) => openRuntime('adk', { dbPath, endpoint }) },
  { name: 'openai-agents', open: (dbPath: string, endpoint: ModelEndpoint) => openRuntime('openai-agents', { dbPath, endpoint, maxRetries: 0 }) },
] as const;

// The operator's switches reach the other runtimes as they reach LangGraph's: before every model call.
describe.each(RUNTIMES)('the step gate in the $name runtime', ({ name, open }) => {
  it('stops with operator_kill before any model call while the kill switch is on, and runs once it is off', async () => {
    const dbPath = join(temp.dir, `${name}-kill.db`);
    const opened = await open(dbPath, { model: 'gpt-4.1', baseUrl: oracle.baseUrl });
    const controls = SqliteControlStore.open(dbPath);
    try {
      await controls.setSwitch({ kind: 'kill', scope: 'acme' }, true, { by: 'test' });
      const killed = await opened.ask({ input: 'Де зараз посилка TTN-000001?', tenant: 'acme' });
      expect(killed).toMatchObject({ runtime: name, status: 'stopped', stop_reason: 'operator_kill', steps: 0 });
      expect(oracle.counts().calls).toBe(0);
      expect((await opened.runs.listEvents(killed.run_id)).some((e) => e.type === 'kill')).toBe(true);
      await controls.setSwitch({ kind: 'kill', scope: 'acme' }, false, { by: 'test' });
      expect(await opened.ask({ input: 'Де зараз посилка TTN-000001?', tenant: 'acme' })).toMatchObject({ stop_reason: 'finish' });
    } finally {
      await controls.close();
      await opened.close();
    }
  });

  it('charges each model call to its tenant’s day, so a daily budget stops the run that spends it and the next one', async () => {
    const dbPath = join(temp.dir, `${name}-budget.db`);
    const opened = await open(dbPath, { model: 'gpt-4.1', baseUrl: oracle.baseUrl });
    const controls = SqliteControlStore.open(dbPath);
    try {
      await controls.setDailyLimits('acme', { maxTokensPerDay: 100 });
      const first = await opened.ask({ input: 'Де зараз посилка TTN-000001?', tenant: 'acme' });
      // Its first call (more than 100 tokens) spends the day: the run stops before its second.
      expect(first).toMatchObject({ stop_reason: 'max_tokens', steps: 1 });
      expect(oracle.counts().calls).toBe(1);
      expect((await controls.usage('acme', first.started_at.slice(0, 10))).runs).toBe(1);
      expect(await opened.ask({ input: 'Де зараз посилка TTN-000001?', tenant: 'acme' })).toMatchObject({ stop_reason: 'max_tokens', steps: 0 });
    } finally {
      await controls.close();
      await opened.close();
    }
  });
});
