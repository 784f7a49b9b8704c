import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

function waybill(args: string[], env: Record<string, string> = serverEnv(join(temp.dir, 'cli.db'))) {
  const result = spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', timeout: 15_000, input: '' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the waybill command line', () => {
  it('runs the offline selfcheck and exits 0 without creating a database', () => {
    const run = waybill(['mcp', '--selfcheck'], serverEnv(join(temp.dir, 'never-created', 'x.db')));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^selfcheck passed: \d+ checks$/m);
    expect(run.stdout).not.toMatch(/FAIL/);
    expect(existsSync(join(temp.dir, 'never-created'))).toBe(false);
    expect(waybill(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('documents the mcp command and its options', () => {
    const help = waybill(['mcp', '--help']);
    expect(help.code).toBe(0);
    for (const option of ['--http', '--host', '--port', '--selfcheck', 'WAYBILL_DB']) expect(help.stdout).toContain(option);
  });

  it('names a corrupted database file in one line, with no stack trace', () => {
    const path = join(temp.dir, 'corrupt.db');
    writeFileSync(path, 'garbage'.repeat(1000));
    const run = waybill(['mcp'], serverEnv(path));
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`waybill: ${path} is not a readable SQLite database (SQLITE_NOTADB); move it aside or point WAYBILL_DB elsewhere [store_corrupt]`);
    expect(run.stdout).toBe('');
  });

  it('mcp started by a client in another directory opens the user data directory and says so on stderr', () => {
    const cwd = join(temp.dir, 'client-cwd');
    const data = join(temp.dir, 'xdg-data');
    mkdirSync(cwd, { recursive: true });
    const env = serverEnv('unused');
    delete env.WAYBILL_DB;
    const run = spawnSync(process.execPath, [CLI, 'mcp'], { cwd, env: { ...env, WAYBILL_LOG_LEVEL: 'info', XDG_DATA_HOME: data }, encoding: 'utf8', timeout: 15_000, input: '' });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    const database = join(data, 'waybill', 'waybill.db');
    expect(run.stderr.split('\n')[0]).toContain(`"msg":"database","path":${JSON.stringify(database)},"source":"user data"`);
    expect(existsSync(database)).toBe(true);
    expect(existsSync(join(cwd, '.waybill'))).toBe(false);
    const explicit = join(temp.dir, 'explicit.db');
    const withDb = spawnSync(process.execPath, [CLI, 'mcp', '--db', explicit], { cwd, env: { ...env, WAYBILL_LOG_LEVEL: 'info' }, encoding: 'utf8', timeout: 15_000, input: '' });
    expect(withDb.stderr).toContain(`"path":${JSON.stringify(explicit)},"source":"--db"`);
    expect(existsSync(explicit)).toBe(true);
  });

  it('logs the database file of every command that opens one, on stderr only, and never with --json on stdout', () => {
    const db = join(temp.dir, 'logged.db');
    const run = waybill(['runs', '--json'], { ...serverEnv(db), WAYBILL_LOG_LEVEL: 'info' });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ runs: [], skipped: 0 });
    expect(run.stderr).toContain(`"msg":"database","path":${JSON.stringify(db)},"source":"WAYBILL_DB"`);
    expect(waybill(['runs', '--json'], serverEnv(db)).stderr).toBe('');
  });

  it('explains a busy port and exits 2 for mcp --http and oracle, as serve does', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = String((blocker.address() as AddressInfo).port);
    try {
      for (const args of [['mcp', '--http', '--port', port], ['oracle', '--port', port]]) {
        const run = waybill(args);
        expect({ args, code: run.code }).toEqual({ args, code: 2 });
        expect(run.stderr).toContain(`waybill: port ${port} on 127.0.0.1 is in use; pick another with --port`);
        expect(run.stderr).not.toMatch(/unexpected error|at .*\.js:\d+/);
      }
    } finally {
      blocker.close();
    }
  });

  it('answers first questions offline: a policy from the knowledge base, a malformed tracking id', () => {
    const db = serverEnv(join(temp.dir, 'first.db'));
    const policy = waybill(['ask', '--json', 'what is your refund policy?'], db);
    expect(policy.code).toBe(0);
    const record = JSON.parse(policy.stdout) as { status: string; stop_reason: string; answer: string; tool_calls: Array<{ agent: string; tool: string; status: string }> };
    expect(record).toMatchObject({ status: 'finished', stop_reason: 'finish', tool_calls: [{ agent: 'tracking_agent', tool: 'search_policies', status: 'ok' }] });
    expect(record.answer).toMatch(/^According to the policy "Refund policy for cancelled shipments" \(refunds-policy\): /);
    const malformed = waybill(['ask', 'Where is TTN-123?'], db);
    expect(malformed.code).toBe(0);
    expect(malformed.stdout).toContain('"TTN-123" is not a tracking number: a tracking number is TTN- followed by six digits');
  });

  it('rejects a bad port and an unknown command with a usage message', () => {
    const port = waybill(['mcp', '--http', '--port', 'eighty']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port must be a whole number from 0 to 65535');
    const unknown = waybill(['teleport']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'teleport'/);
  });

  it('exits 2 on every usage error: missing argument, unknown command, unknown flag, no command', () => {
    const cases: [string[], RegExp][] = [
      [['ask'], /missing required argument 'request'/],
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['ask', '--frobnicate', 'x'], /unknown option '--frobnicate'/],
      [['kb', 'search'], /required option '--agent/],
      [['keys', 'create'], /required option '--tenant/],
      [['state'], /required option '--thread/],
      [['ask', '   '], /ask needs a request/],
      [[], /Usage: waybill/],
    ];
    for (const [args, message] of cases) {
      const run = waybill(args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
    }
    expect(waybill(['ask', '--help']).code).toBe(0);
    expect(waybill(['help', 'ask']).code).toBe(0);
  });
});
