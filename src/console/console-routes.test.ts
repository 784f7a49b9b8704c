import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/temp-dir.js';
import { ConsoleAssetsMissingError } from './console-assets-missing-error.js';
import { consoleRoutes } from './console-routes.js';

const app = consoleRoutes();

describe('console assets', () => {
  it('serves the shell as UTF-8 HTML with a strict content security policy', async () => {
    const res = await app.request('/console');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<script src="/console/app.js" defer></script>');
    expect(html).not.toMatch(/<script>[^<]/);
  });

  it('serves a script that parses as JavaScript and registers every page', async () => {
    const res = await app.request('/console/app.js');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await res.text();
    expect(() => new Script(code, { filename: 'app.js' })).not.toThrow();
    for (const page of ['runs', 'run', 'approvals', 'switches', 'metrics']) expect(code).toContain(`W.pages.${page} = `);
    // Data is added as text nodes, never parsed as markup.
    expect(code).not.toMatch(/innerHTML|insertAdjacentHTML|document\.write/);
  });

  it('serves the stylesheet as UTF-8 CSS', async () => {
    const res = await app.request('/console/app.css');
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await res.text()).toContain('font:14px/1.45 system-ui');
  });
});

describe('console assets not built', () => {
  it('refuses to start without them, naming the missing file and the command that builds it', () => {
    const temp = makeTempDir();
    try {
      const empty = pathToFileURL(`${temp.dir}/`);
      expect(() => consoleRoutes(empty)).toThrow(ConsoleAssetsMissingError);
      expect(() => consoleRoutes(empty)).toThrow(`${temp.dir}/index.html is missing; run npm run build`);
    } finally {
      temp.cleanup();
    }
  });
});
