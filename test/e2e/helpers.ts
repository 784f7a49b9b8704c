import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The compiled CLI: spawned processes run shipped JS, as users do (`npm test` builds first). */
export const CLI = fileURLToPath(new URL('../../dist/bin/waybill.js', import.meta.url));

/**
 * The environment for a spawned process: a private database, quiet logs, and the offline planner
 * forced (tests never reach a model over the network, whatever the developer's shell or .env sets).
 */
export function serverEnv(dbPath: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(WAYBILL_|OPENROUTER_|OPENAI_)/.test(key)) env[key] = value;
  }
  return { ...env, WAYBILL_DB: dbPath, WAYBILL_LOG_LEVEL: 'warn', WAYBILL_MODEL: 'offline', ...extra };
}

/**
 * Starts `waybill serve` on a free port and resolves with the process and its base URL once it listens.
 * A server that does not start within `timeoutMs` is killed, so a failed start leaves no process behind.
 */
export function startServe(env: Record<string, string>, timeoutMs = 15_000): Promise<{ server: ChildProcess; base: string }> {
  const server = spawn(process.execPath, [CLI, 'serve', '--port', '0'], { env });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      reject(new Error(`waybill serve did not start in ${timeoutMs} ms:\n${err}`));
    }, timeoutMs);
    server.stderr?.setEncoding('utf8');
    server.stderr?.on('data', (chunk: string) => {
      err += chunk;
      const found = /API at (http:\/\/[^\s/]+)\/v1/.exec(err);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve({ server, base: found[1] });
      }
    });
  });
}
