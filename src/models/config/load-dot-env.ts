import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Loads `.env` from the working directory into process.env if the file exists. Variables already set in
 * the environment win, so a shell export overrides the file.
 */
export function loadDotEnv(path = '.env'): boolean {
  const file = resolve(path);
  if (!existsSync(file)) return false;
  const before = { ...process.env };
  process.loadEnvFile(file);
  for (const [key, value] of Object.entries(before)) process.env[key] = value;
  return true;
}
