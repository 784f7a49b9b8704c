import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../testing/postgres-test-schema.js';
import { evalRuntime } from './eval-runtime.js';

const baseUrl = testPostgresUrl();

async function evalSchemas(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'wb_eval_%'")).rows.map((r) => r.nspname);
  } finally {
    await client.end();
  }
}

if (baseUrl) {
  describe('evalRuntime on PostgreSQL', { timeout: 60_000 }, () => {
    it('gives each trial a fresh schema of its own and drops it when the trial closes', async () => {
      const before = await evalSchemas(baseUrl);
      const runtime = evalRuntime('langgraph', baseUrl);
      const [a, b] = [await runtime.open({ offline: true }), await runtime.open({ offline: true })];
      const during = (await evalSchemas(baseUrl)).filter((s) => !before.includes(s));
      expect(during).toHaveLength(2);
      await a.ask({ input: 'Скасуй TTN-000012, клієнт відмовився, поверни 300 грн', threadId: 't' });
      expect((await a.state('t')).status).toBe('awaiting_approval');
      expect((await b.state('t')).status).toBe('unknown');
      expect(a.domain.backend).toBe('postgres');
      await a.close();
      await b.close();
      expect((await evalSchemas(baseUrl)).filter((s) => during.includes(s))).toEqual([]);
    });
  });
} else {
  describe('evalRuntime without PostgreSQL', () => {
    it('opens trials in memory', async () => {
      const trial = await evalRuntime('langgraph').open({ offline: true });
      expect(trial.domain.backend).toBe('sqlite');
      await trial.close();
    });
  });
}
