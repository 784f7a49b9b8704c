import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { CLI, serverEnv } from './helpers.js';

const temp = makeTempDir();
afterAll(() => temp.cleanup());

const RECORDER = fileURLToPath(new URL('./record-loaded-modules.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The CLI ships bundled (scripts/build-cli.mjs): Node loads chunks of dist/bin/, and the build lists the
 * modules each chunk holds. A chunk counts as every module in it, so what a command is charged with
 * is what it evaluates or more, never less.
 */
const CHUNK_INPUTS = JSON.parse(readFileSync(join(ROOT, 'dist/bin/chunk-inputs.json'), 'utf8')) as Record<string, string[]>;

/** The module files behind one loaded file: a chunk's inputs, or the file itself. */
function behind(loadedFile: string): string[] {
  const chunk = /\/dist\/bin\/([^/]+\.js)$/.exec(loadedFile.replace(/^file:\/\//, ''))?.[1];
  if (chunk === undefined) return [loadedFile];
  const inputs = CHUNK_INPUTS[chunk];
  if (!inputs) throw new Error(`dist/bin/${chunk} was loaded but the build lists no modules for it`);
  return inputs.map((input) => join(ROOT, input));
}

/**
 * What the entry point, `--version` and `--help` must not load (issue 36): each command imports them
 * when it runs. Matched on the resolved path, so a package reached through another one counts too.
 */
const HEAVY: readonly { what: string; path: RegExp }[] = [
  { what: 'agent framework', path: /\/node_modules\/(@langchain\/[^/]+|langchain|@openai\/agents[^/]*|openai|@google\/adk)\// },
  { what: 'database driver', path: /\/node_modules\/(better-sqlite3|pg|pg-boss|pg-[^/]+)\// },
  { what: 'HTTP server', path: /\/node_modules\/(hono|@hono\/[^/]+)\// },
  { what: 'MCP SDK', path: /\/node_modules\/@modelcontextprotocol\/sdk\// },
];

/**
 * Runs the CLI with the module recorder preloaded; returns its exit code, stdout and every module it
 * loaded. `dbPath` is the database the command may open (default: one that must never be created).
 */
function loaded(args: string[], dbPath = join(temp.dir, 'never-opened.db')): { code: number | null; output: string; files: string[]; modules: string[] } {
  const log = join(temp.dir, `loaded-${args.join('_').replace(/[^\w-]/g, '') || 'bare'}.log`);
  const env = serverEnv(dbPath, { WAYBILL_LOADED_LOG: log });
  const run = spawnSync(process.execPath, ['--import', RECORDER, CLI, ...args], { env, encoding: 'utf8', timeout: 60_000, input: '' });
  const files = existsSync(log) ? [...new Set(readFileSync(log, 'utf8').split('\n').filter((line) => line !== '' && !line.startsWith('node:')))] : [];
  return { code: run.status, output: run.stdout + run.stderr, files, modules: [...new Set(files.flatMap(behind))] };
}

const CASES: { args: string[]; code: number; says: string | RegExp }[] = [
  { args: [], code: 2, says: 'Usage: waybill' },
  { args: ['--version'], code: 0, says: /^\d+\.\d+\.\d+$/m },
  { args: ['--help'], code: 0, says: 'audit' },
  { args: ['ask', '--help'], code: 0, says: '--runtime' },
  { args: ['approve', '--help'], code: 0, says: '--approval' },
  { args: ['resume', '--help'], code: 0, says: '--all' },
  { args: ['audit', 'verify', '--help'], code: 0, says: '--json' },
  { args: ['approvals', '--help'], code: 0, says: '--status' },
  { args: ['serve', '--help'], code: 0, says: '--port' },
  { args: ['worker', '--help'], code: 0, says: 'Usage: waybill worker' },
  { args: ['mcp', '--help'], code: 0, says: '--selfcheck' },
  { args: ['db', '--help'], code: 0, says: 'Usage: waybill db' },
  { args: ['demo', '--help'], code: 0, says: '--out' },
];

describe('CLI start-up loads commander and the command definitions only', () => {
  for (const { args, code, says } of CASES) {
    it(`waybill ${args.join(' ') || '(no arguments)'}`, () => {
      const run = loaded(args);
      expect(run.code).toBe(code);
      expect(run.output).toMatch(says);
      // The recorder saw the program being built, so an empty list cannot pass for a lean one.
      expect(run.modules.some((m) => m.endsWith('/dist/cli/program.js'))).toBe(true);
      expect(run.modules.some((m) => m.includes('/node_modules/commander/'))).toBe(true);
      // Bundled, the entry point and its commands are a few files, not the hundreds of modules behind them.
      expect(run.files.every((f) => f.includes('/dist/bin/')), run.files.join('\n')).toBe(true);
      expect(run.files.length).toBeLessThan(30);
      const heavy = run.modules.flatMap((m) => HEAVY.filter((h) => h.path.test(m)).map((h) => `${h.what}: ${m}`));
      expect(heavy.slice(0, 20)).toEqual([]);
      // The database is never opened: a file created here would mean a store was.
      expect(existsSync(join(temp.dir, 'never-opened.db'))).toBe(false);
    });
  }

  it('lists every command in --help without loading them', () => {
    const help = loaded(['--help']).output;
    for (const command of ['ask', 'state', 'approve', 'resume', 'reject', 'approvals', 'trace', 'demo', 'graph', 'prune', 'exercise', 'eval', 'kb', 'mcp', 'guard', 'oracle', 'compare', 'serve', 'worker', 'keys', 'runs', 'usage', 'kill', 'tool', 'audit', 'db']) {
      expect(help).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
  });
});

/**
 * What an offline `ask` on SQLite must not load (issue 36): it runs LangGraph on the offline planner
 * with its stores and MCP session in process, so no PostgreSQL driver or store, no HTTP server or
 * client, no other runtime's framework, and nothing of `serve`, the console or the queue.
 */
const NOT_FOR_AN_OFFLINE_ASK: readonly { what: string; path: RegExp }[] = [
  { what: 'PostgreSQL driver', path: /\/node_modules\/(pg|pg-boss|pg-[^/]+|@langchain\/langgraph-checkpoint-postgres)\// },
  { what: 'PostgreSQL store', path: /\/dist\/(domain|telemetry|knowledge|policy|server)\/(.+\/)?postgres-[^/]+\.js$/ },
  { what: 'HTTP server', path: /\/node_modules\/(hono|@hono\/[^/]+)\// },
  { what: 'OpenAI client', path: /\/node_modules\/(@langchain\/openai|openai)\// },
  { what: 'other runtime framework', path: /\/node_modules\/(@openai\/agents[^/]*|@google\/adk)\/|\/dist\/runtimes\/(openai-agents|adk)\// },
  { what: 'model oracle', path: /\/dist\/models\/oracle\/create-oracle-app\.js$/ },
  { what: 'MCP transport', path: /\/dist\/mcp\/serve-(http|stdio)\.js$|\/node_modules\/@modelcontextprotocol\/sdk\/dist\/esm\/(server\/(stdio|streamableHttp|webStandardStreamableHttp|sse)|client\/(streamableHttp|sse|stdio))\.js$/ },
  // `keys create --help` names the roles, so the command definitions load api-role.js and nothing else of the server.
  { what: 'serve, console or queue', path: /\/dist\/(console|queue)\/|\/dist\/server\/(?!api-role\.js$)/ },
];

describe('an offline ask on SQLite loads only what it runs', () => {
  it('answers a tracking question without loading PostgreSQL, an HTTP server, the OpenAI client or serve', () => {
    const run = loaded(['ask', 'Де зараз посилка TTN-000001?'], join(temp.dir, 'ask.db'));
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('TTN-000001');
    expect(run.output).toMatch(/\[finished: finish\].*track_shipment\(ok\)/);
    // What it runs was loaded and recorded: LangGraph, the SQLite saver, the MCP session, the offline planner.
    for (const needed of [/\/node_modules\/@langchain\/langgraph\//, /\/node_modules\/@langchain\/langgraph-checkpoint-sqlite\//, /\/node_modules\/better-sqlite3\//, /\/dist\/mcp\/connect-in-memory\.js$/, /\/dist\/models\/providers\/offline-planner-chat-model\.js$/]) {
      expect(run.modules.some((m) => needed.test(m)), String(needed)).toBe(true);
    }
    // Bundled (scripts/build-cli.mjs): unbundled it read about 1,300 module files, which cost Node 20
    // about half its start-up; native better-sqlite3 and two files read by path stay outside.
    expect(run.files.length, run.files.join('\n')).toBeLessThan(150);
    const unwanted = run.modules.flatMap((m) => NOT_FOR_AN_OFFLINE_ASK.filter((u) => u.path.test(m)).map((u) => `${u.what}: ${m}`));
    expect(unwanted.slice(0, 20)).toEqual([]);
  });
});
