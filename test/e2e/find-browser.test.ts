import { describe, expect, it } from 'vitest';
import { BrowserMissingError, DEFAULT_BROWSER, findBrowser } from './find-browser.js';

const only = (...paths: string[]) => (path: string) => paths.includes(path);

describe('findBrowser', () => {
  it("finds Debian's chromium when nothing else is named", () => {
    expect(findBrowser({}, only(DEFAULT_BROWSER))).toEqual({ found: true, path: DEFAULT_BROWSER });
  });

  it('prefers the browser named by WAYBILL_TEST_BROWSER', () => {
    expect(findBrowser({ WAYBILL_TEST_BROWSER: '/opt/chrome/chrome' }, only(DEFAULT_BROWSER, '/opt/chrome/chrome'))).toEqual({ found: true, path: '/opt/chrome/chrome' });
  });

  it('outside CI, a missing browser is a skip with one line saying how to enable it', () => {
    const lookup = findBrowser({ WAYBILL_TEST_BROWSER: '/nowhere/chromium' }, only(DEFAULT_BROWSER));
    expect(lookup.found).toBe(false);
    if (lookup.found) return;
    expect(lookup.hint).toContain('WAYBILL_TEST_BROWSER=/nowhere/chromium does not exist');
    expect(lookup.hint).toContain('apt-get install chromium');
    expect(lookup.hint).not.toContain('\n');
    expect(findBrowser({ CI: 'false' }, only()).found).toBe(false);
  });

  it('in CI, a missing browser fails', () => {
    expect(() => findBrowser({ CI: 'true' }, only())).toThrow(BrowserMissingError);
    expect(() => findBrowser({ CI: '1' }, only())).toThrow(/cannot run in CI: \/usr\/bin\/chromium is missing/);
  });
});
