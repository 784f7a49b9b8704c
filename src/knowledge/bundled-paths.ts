import { fileURLToPath } from 'node:url';

// Two levels up from src/knowledge/ and from dist/knowledge/ alike is the package root.
const root = new URL('../../knowledge/', import.meta.url);

/** The company policy corpus shipped with Waybill (`knowledge/docs/`). */
export const BUNDLED_CORPUS_DIR = fileURLToPath(new URL('docs/', root));

/** The default scopes file (`knowledge/scopes.json`). */
export const BUNDLED_SCOPES_PATH = fileURLToPath(new URL('scopes.json', root));

/** The labelled query set for recall@5 (`knowledge/queries.json`). */
export const BUNDLED_QUERIES_PATH = fileURLToPath(new URL('queries.json', root));

/** The scopes file the environment names: WAYBILL_KB_SCOPES, else the bundled one. */
export function resolveScopesPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.WAYBILL_KB_SCOPES?.trim() || BUNDLED_SCOPES_PATH;
}
