import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/temp-dir.js';
import { openRuntime } from '../open-runtime.js';
import { RUNTIME_NAMES } from '../runtime-name.js';
import type { RunProgress } from './run-progress.js';
import { watchRun } from './run-progress.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

// The progress hook lives in the kernel's ledger, so every runtime reports the same steps as they happen.
describe.each(RUNTIME_NAMES)('progress of a run on the %s runtime', (name) => {
  it('reports each step as it is recorded, in order, stamped with the run, and the stored audit trail is unchanged', async () => {
    const runtime = await openRuntime(name, { dbPath: join(temp.dir, `${name}.db`), offline: true });
    try {
      const seen: RunProgress[] = [];
      const record = await watchRun({ onProgress: (p) => seen.push(p) }, () => runtime.ask({ input: 'Де зараз посилка TTN-000001?', tenant: 'default' }));
      expect(record.status).toBe('finished');
      const types = seen.map((p) => p.type);
      expect(types[0]).toBe('run.start');
      expect(types.at(-1)).toBe('run.end');
      expect(types).toContain('tool.call');
      expect(types.indexOf('delegation.start')).toBeLessThan(types.indexOf('tool.call'));
      expect(seen.find((p) => p.type === 'tool.call')).toMatchObject({ tool: 'track_shipment', args: { tracking_id: 'TTN-000001' }, status: 'ok' });
      expect(new Set(seen.map((p) => `${p.run_id} ${p.thread_id} ${p.tenant}`))).toEqual(new Set([`${record.run_id} ${record.thread_id} default`]));
      const stored = await runtime.runs.listEvents(record.run_id);
      expect(stored.map((e) => e.type)).toEqual(types);
    } finally {
      await runtime.close();
    }
  }, 60_000);

  it('ends a run cancelled through the watch before its next model call, and a throwing listener changes nothing', async () => {
    const runtime = await openRuntime(name, { dbPath: join(temp.dir, `${name}-cancel.db`), offline: true });
    try {
      const cancelled = new AbortController();
      cancelled.abort();
      const stopped = await watchRun({ signal: cancelled.signal }, () => runtime.ask({ input: 'Де зараз посилка TTN-000001?' }));
      expect(stopped).toMatchObject({ status: 'stopped', stop_reason: 'operator_kill', tool_calls: [] });
      const record = await watchRun(
        {
          onProgress: () => {
            throw new Error('a broken watcher');
          },
        },
        () => runtime.ask({ input: 'Де зараз посилка TTN-000001?' }),
      );
      expect(record.status).toBe('finished');
    } finally {
      await runtime.close();
    }
  }, 60_000);
});
