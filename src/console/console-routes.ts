import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { ConsoleAssetsMissingError } from './console-assets-missing-error.js';

/**
 * Where `npm run build` puts the console (scripts/build-console.mjs bundles `src/console/browser/`).
 * The same relative path reaches it from the built `dist/console/` and from `src/console/` when tests
 * run on the sources, so both serve the one bundle.
 */
const CONSOLE_ASSETS = new URL('../../dist/console/assets/', import.meta.url);

// Only our own script and styles run; the key lives in sessionStorage, so no third-party code may load.
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

function readAsset(dir: URL, name: string): string {
  const url = new URL(name, dir);
  try {
    return readFileSync(url, 'utf8');
  } catch (error) {
    throw new ConsoleAssetsMissingError(fileURLToPath(url), { cause: error });
  }
}

/**
 * The operator console: a static shell, one script and one stylesheet, read once from `assets` (the
 * build's output by default); data comes from `/v1`, live runs from the Agent Protocol's stream.
 * Throws {@link ConsoleAssetsMissingError} when the build has not run.
 */
export function consoleRoutes(assets: URL = CONSOLE_ASSETS): Hono {
  const page = readAsset(assets, 'index.html');
  const script = readAsset(assets, 'app.js');
  const styles = readAsset(assets, 'app.css');
  const app = new Hono();
  app.get('/console', (c) => c.body(page, 200, { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8' }));
  app.get('/console/app.js', (c) => c.body(script, 200, { ...SECURITY_HEADERS, 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/console/app.css', (c) => c.body(styles, 200, { ...SECURITY_HEADERS, 'content-type': 'text/css; charset=utf-8' }));
  return app;
}
