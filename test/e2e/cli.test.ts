import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
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
