import { Hono } from 'hono';
import { CONSOLE_PAGE } from './console-page.js';
import { CONSOLE_SCRIPT_APPROVALS } from './console-script-approvals.js';
import { CONSOLE_SCRIPT_CORE } from './console-script-core.js';
import { CONSOLE_SCRIPT_LIVE } from './console-script-live.js';
import { CONSOLE_SCRIPT_METRICS } from './console-script-metrics.js';
import { CONSOLE_SCRIPT_RUNS } from './console-script-runs.js';
import { CONSOLE_SCRIPT_SWITCHES } from './console-script-switches.js';
import { CONSOLE_STYLES } from './console-styles.js';

// Assets are TypeScript strings, so the built package serves them with no copy step.
const SCRIPT = [CONSOLE_SCRIPT_CORE, CONSOLE_SCRIPT_LIVE, CONSOLE_SCRIPT_RUNS, CONSOLE_SCRIPT_APPROVALS, CONSOLE_SCRIPT_SWITCHES, CONSOLE_SCRIPT_METRICS].join('\n');

// Only our own script and styles run; the key lives in sessionStorage, so no third-party code may load.
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** The operator console: a static shell, one script and one stylesheet; data comes from `/v1`, live runs from the Agent Protocol's stream. */
export function consoleRoutes(): Hono {
  const app = new Hono();
  app.get('/console', (c) => c.body(CONSOLE_PAGE, 200, { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8' }));
  app.get('/console/app.js', (c) => c.body(SCRIPT, 200, { ...SECURITY_HEADERS, 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/console/app.css', (c) => c.body(CONSOLE_STYLES, 200, { ...SECURITY_HEADERS, 'content-type': 'text/css; charset=utf-8' }));
  return app;
}
