import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../src/testing/temp-dir.js';
import { findBrowser } from './find-browser.js';
import { CLI, serverEnv, startServe } from './helpers.js';

// A real browser (Debian's chromium unless WAYBILL_TEST_BROWSER names another), driven by
// playwright-core: none is ever downloaded. Outside CI a machine without one skips these tests.
const BROWSER = findBrowser();
if (!BROWSER.found) process.stderr.write(`${BROWSER.hint}\n`);
const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/console/', import.meta.url));
const CANCEL = 'Скасуй TTN-000004, клієнт відмовився, поверни 720 грн';

const temp = makeTempDir();
const env = serverEnv(join(temp.dir, 'console.db'));
let server: ChildProcess;
let base = '';
let key = '';
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

let loads = 0;
/** A full page load (new query string), so exactly one render of the page runs before we type. */
async function open(hash: string, ready: string): Promise<void> {
  loads += 1;
  await page.goto(`${base}/console?load=${loads}${hash}`);
  await page.waitForSelector(ready);
}

async function ask(text: string): Promise<void> {
  await open('#/runs', '#runs-table');
  await page.fill('#ask-input', text);
  await page.click('#ask-submit');
  await page.waitForSelector('#tree', { timeout: 20_000 });
}

beforeAll(async () => {
  if (!BROWSER.found) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  key = execFileSync(process.execPath, [CLI, 'keys', 'create', '--tenant', 'default', '--role', 'admin', '--name', 'console-e2e'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const [started, launched] = await Promise.all([
    startServe(env),
    chromium.launch({ executablePath: BROWSER.path, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] }),
  ]);
  ({ server, base } = started);
  browser = launched;
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  temp.cleanup();
});

describe.skipIf(!BROWSER.found)('operator console in headless Chromium against waybill serve', () => {
  it('refuses a wrong key, then signs in with a real one', async () => {
    await page.goto(`${base}/console`);
    await page.waitForSelector('#sign-in');
    await page.fill('#api-key', 'wb_wrong');
    await page.click('#sign-in button[type=submit]');
    await page.waitForSelector('#sign-in .error');
    expect(await page.textContent('#sign-in .error')).toContain('unknown or revoked');
    // The browser logs the refused call as a failed resource load: expected here, and only here.
    expect(pageErrors).toEqual([expect.stringContaining('status of 401')]);
    pageErrors.length = 0;
    await shot('sign-in');
    await page.fill('#api-key', key);
    await page.click('#sign-in button[type=submit]');
    await page.waitForSelector('#runs-table');
    expect(await page.textContent('#who')).toContain('tenant default · admin');
  });

  it('asks a question and shows the run, its answer in Ukrainian, its delegation tree and tool calls', async () => {
    await ask('Де зараз посилка TTN-000001?');
    expect(await page.textContent('#answer')).toMatch(/Посилка TTN-000001.*в дорозі/);
    expect(await page.textContent('#tree')).toMatch(/supervisor[\s\S]*tracking_agent[\s\S]*track_shipment/);
    expect(await page.textContent('#tool-calls')).toContain('"tracking_id": "TTN-000001"');
    expect(await page.textContent('#run-cost')).toMatch(/^\$\d+\.\d{6}$/);
    // The steps streamed while the run went on, kept on its page in the order they arrived.
    const steps = await page.$$eval('#live-steps li', (items) => items.map((li) => li.getAttribute('data-type')));
    expect(steps[0]).toBe('run.start');
    expect(steps.indexOf('delegation.start')).toBeLessThan(steps.indexOf('tool.call'));
    expect(steps.at(-1)).toBe('run.end');
    expect(await page.textContent('#live-steps')).toContain('tracking_agent track_shipment {"tracking_id":"TTN-000001"} ok');
    await shot('run-detail');
    await open('#/runs', '#runs-table tr[data-run]');
    expect(await page.textContent('#runs-table')).toContain('Посилка TTN-000001');
    await shot('runs');
  }, 30_000);

  it('approves a pending cancellation from the queue and shows the decision in the journal', async () => {
    await ask(CANCEL);
    expect(await page.textContent('#stop-reason')).toBe('awaiting_approval');
    await page.click('a[href="#/approvals"]');
    await page.waitForSelector('.approval');
    const card = await page.textContent('.approval');
    expect(card).toContain('cancel_shipment');
    expect(card).toMatch(/TTN-000004[\s\S]*720/);
    await shot('approvals');
    await page.click('.approval button.approve');
    await page.waitForSelector('.decision-status .notice');
    expect(await page.textContent('.decision-status')).toContain('Decided: finish');
    await page.click('.decision-status a');
    await page.waitForSelector('#journal tr[data-type="approval.decided"]');
    expect(await page.textContent('#journal tr[data-type="approval.decided"]')).toMatch(/approve by console-e2e[\s\S]*TTN-000004/);
    expect(await page.textContent('#journal')).toContain('tool.call');
    expect(await page.textContent('#approval')).toContain('approve by console-e2e');
    await shot('journal');
    await open('#/approvals', '#no-approvals');
  }, 30_000);

  it('flips the tenant kill switch: the next run stops with operator_kill; then turns it off; the global switch is not a tenant admin\'s', async () => {
    await open('#/switches', '[data-switch="kill-tenant"][data-on="false"]');
    expect(await page.textContent('#kill-global')).toBe('platform_admin only');
    expect(await page.locator('button#kill-global').count()).toBe(0);
    await page.click('#kill-tenant');
    await page.waitForSelector('[data-switch="kill-tenant"][data-on="true"]');
    await shot('switches');
    await ask('Скільки ноутбуків SKU-1001 на складах?');
    expect(await page.textContent('#stop-reason')).toBe('operator_kill');
    await open('#/switches', '[data-switch="kill-tenant"][data-on="true"]');
    await page.click('#kill-tenant');
    await page.waitForSelector('[data-switch="kill-tenant"][data-on="false"]');
  }, 30_000);

  it('shows the tenant\'s usage per day: runs, tokens, cost, approvals and stops', async () => {
    await open('#/usage', '#usage-table tr[data-tenant="default"]');
    const today = new Date().toISOString().slice(0, 10);
    const row = await page.textContent(`#usage-table tr[data-day="${today}"][data-tenant="default"]`);
    expect(row).toMatch(/approved/);
    expect(row).toContain('operator_kill 1');
    expect(await page.locator('#usage-table tr.total').count()).toBe(1);
    await shot('usage');
  }, 30_000);

  it('draws the metrics charts from the runs', async () => {
    await open('#/metrics', '#chart-stop-reasons rect');
    expect(await page.locator('#chart-cost rect').count()).toBe(4);
    expect(await page.locator('#chart-duration circle').count()).toBeGreaterThan(0);
    expect(await page.textContent('#metrics-summary')).toContain('Runs4');
    await shot('metrics');
    expect(pageErrors).toEqual([]);
  });

  it('shows a viewer what waits for approval, with no Approve or Reject buttons', async () => {
    await ask('Скасуй TTN-000001, клієнт відмовився, поверни 100 грн');
    expect(await page.textContent('#stop-reason')).toBe('awaiting_approval');
    const viewerKey = execFileSync(process.execPath, [CLI, 'keys', 'create', '--tenant', 'default', '--role', 'viewer', '--name', 'console-viewer'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const viewer = await context.newPage();
      await viewer.goto(`${base}/console`);
      await viewer.waitForSelector('#sign-in');
      await viewer.fill('#api-key', viewerKey);
      await viewer.click('#sign-in button[type=submit]');
      await viewer.waitForSelector('#runs-table');
      await viewer.goto(`${base}/console?viewer=1#/approvals`);
      await viewer.waitForSelector('.approval');
      expect(await viewer.textContent('.approval')).toMatch(/cancel_shipment[\s\S]*TTN-000001/);
      expect(await viewer.locator('.approval button').count()).toBe(0);
      expect(await viewer.textContent('main')).toContain('Your key is a viewer: deciding needs the operator role.');
      await viewer.screenshot({ path: join(ARTIFACTS, 'approvals-viewer.png'), fullPage: true });
    } finally {
      await context.close();
    }
  }, 30_000);

  it("shows the tenant's rollout stage, changes it, and lists the audited history", async () => {
    await open('#/rollouts', '#rollout-stage-now[data-stage="general"]');
    expect(await page.textContent('#rollout-none')).toBe('No change in effect.');
    await page.selectOption('#rollout-stage', 'read_only');
    await page.click('#rollout-stage-form button[type=submit]');
    await page.waitForSelector('#rollout-stage-now[data-stage="read_only"]');
    expect(await page.textContent('#rollout-events tr[data-type="rollout.stage_changed"]')).toContain('"to":"read_only"');
    await shot('rollouts');
    await page.selectOption('#rollout-stage', 'general');
    await page.click('#rollout-stage-form button[type=submit]');
    await page.waitForSelector('#rollout-stage-now[data-stage="general"]');
    expect(await page.locator('#rollout-events tr[data-type="rollout.stage_changed"]').count()).toBe(2);
    expect(pageErrors).toEqual([]);
  }, 30_000);

  it("sets the tenant's model endpoint with a write-only key shown masked, and removes it", async () => {
    const secret = 'sk-console-e2e-secret-7Q2x';
    await open('#/model-endpoint', '#endpoint-none');
    await page.fill('#endpoint-model-input', 'tenant-model');
    // A local address nothing listens on: no run is made while it is set, and none leaves the machine.
    await page.fill('#endpoint-base-url-input', 'http://127.0.0.1:9/v1');
    await page.fill('#endpoint-key-input', secret);
    await page.click('#endpoint-form button[type=submit]');
    await page.waitForSelector('#endpoint-now');
    expect(await page.textContent('#endpoint-model')).toBe('tenant-model');
    expect(await page.textContent('#endpoint-base-url')).toBe('http://127.0.0.1:9/v1');
    expect(await page.textContent('#endpoint-key')).toBe('****7Q2x');
    expect(await page.inputValue('#endpoint-key-input')).toBe('');
    expect(await page.content()).not.toContain(secret);
    await shot('model-endpoint');
    // A fresh load reads it back from the server, the key still masked.
    await open('#/model-endpoint', '#endpoint-now');
    expect(await page.textContent('#endpoint-key')).toBe('****7Q2x');
    expect(await page.getAttribute('#endpoint-key-input', 'placeholder')).toBe('stored: ****7Q2x');
    await page.click('#endpoint-remove');
    await page.waitForSelector('#endpoint-none');
    // The only errors: the browser's log of the API's 404 for a tenant without an endpoint.
    expect(pageErrors.filter((message) => !message.includes('status of 404'))).toEqual([]);
  }, 30_000);
});
