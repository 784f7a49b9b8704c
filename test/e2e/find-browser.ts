import { existsSync } from 'node:fs';

/** Debian's Chromium, the browser `.ci/run` installs; playwright-core drives it and downloads nothing. */
export const DEFAULT_BROWSER = '/usr/bin/chromium';

/** The variable that names another Chromium-family executable for the browser tests. */
const BROWSER_ENV = 'WAYBILL_TEST_BROWSER';

/** Where the browser tests' browser is, or the one line that says how to get one. */
export type BrowserLookup = { found: true; path: string } | { found: false; hint: string };

/** Thrown in CI when no browser is found: there a skipped browser test would hide a broken console. */
export class BrowserMissingError extends Error {
  override readonly name = 'BrowserMissingError';
  readonly code = 'browser_missing' as const;
}

/**
 * Finds the browser for the console tests: the file named by WAYBILL_TEST_BROWSER, else Debian's
 * /usr/bin/chromium. Outside CI a missing browser means "skip, and say how to enable"; with `CI` set
 * (anything but `false` or `0`) it throws {@link BrowserMissingError}.
 */
export function findBrowser(env: NodeJS.ProcessEnv = process.env, exists: (path: string) => boolean = existsSync): BrowserLookup {
  const named = env[BROWSER_ENV]?.trim();
  const path = named || DEFAULT_BROWSER;
  if (exists(path)) return { found: true, path };
  const why = named ? `${BROWSER_ENV}=${named} does not exist` : `${DEFAULT_BROWSER} is missing`;
  const hint = `browser tests skipped: ${why}; install Debian's chromium (apt-get install chromium) or set ${BROWSER_ENV} to a Chromium executable`;
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  if (ci) throw new BrowserMissingError(hint.replace('browser tests skipped', 'browser tests cannot run in CI'));
  return { found: false, hint };
}
