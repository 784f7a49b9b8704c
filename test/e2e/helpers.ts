import { fileURLToPath } from 'node:url';

/** The compiled CLI: spawned processes run shipped JS, as users do (`npm test` builds first). */
export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

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
