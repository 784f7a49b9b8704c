import { join } from 'node:path';
import { useStream } from '@langchain/langgraph-sdk/react';
import { JSDOM } from 'jsdom';
import { createElement } from 'react';
import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src/mcp/stderr-logger.js';
import type { RunningWaybill } from '../../src/server/index.js';
import { openApiKeyStore, serveWaybill } from '../../src/server/index.js';
import { makeTempDir } from '../../src/testing/temp-dir.js';

// LangGraph's React hook, rendered in jsdom against `waybill serve`: the chat a LangGraph front end would
// show. The DOM is installed by hand rather than with vitest's jsdom environment, which would replace
// Node's URL and break the server running in the same process.
const temp = makeTempDir();
const dom = new JSDOM('<!doctype html><html><body></body></html>');
const globals = globalThis as Record<string, unknown>;
for (const name of ['window', 'document', 'navigator', 'HTMLElement', 'Node', 'Event', 'MouseEvent']) {
  if (!(name in globals) || name === 'window' || name === 'document') Object.defineProperty(globals, name, { value: name === 'window' ? dom.window : (dom.window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
}
let running: RunningWaybill;
let key = '';

beforeAll(async () => {
  const dbPath = join(temp.dir, 'waybill.db');
  running = await serveWaybill({ dbPath, port: 0, runtime: { offline: true }, log: silentLogger });
  const store = await openApiKeyStore(dbPath);
  key = (await store.create({ tenant: 'default', role: 'operator', name: 'react-chat' })).key;
  await store.close();
});
afterAll(async () => {
  await running.close();
  temp.cleanup();
  dom.window.close();
});

interface ChatProps {
  apiUrl: string;
  apiKey: string;
  question: string;
}

function Chat({ apiUrl, apiKey, question }: ChatProps) {
  const stream = useStream({ apiUrl, apiKey, assistantId: 'langgraph', messagesKey: 'messages' });
  return createElement(
    'main',
    null,
    createElement('button', { onClick: () => void stream.submit({ messages: [{ type: 'human', content: question }] }) }, 'ask'),
    createElement(
      'ol',
      null,
      stream.messages.map((m) => createElement('li', { key: m.id, 'data-type': m.type }, typeof m.content === 'string' ? m.content : JSON.stringify(m.content))),
    ),
    createElement('p', { id: 'status' }, stream.isLoading ? 'streaming' : 'idle'),
  );
}

describe('useStream against waybill serve', () => {
  it('shows the question and the streamed answer in a rendered React component', async () => {
    // Updates arrive from the network, not from test code: React's act() warnings do not apply.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    document.body.append(container);
    const root: Root = createRoot(container);
    try {
      root.render(createElement(Chat, { apiUrl: running.url, apiKey: key, question: 'Де зараз посилка TTN-000001?' }));
      await vi.waitFor(() => expect(container.querySelector('button')).not.toBeNull());
      container.querySelector('button')?.click();
      await vi.waitFor(
        () => {
          const items = [...container.querySelectorAll('li')].map((li) => [li.dataset.type, li.textContent ?? '']);
          expect(items).toHaveLength(2);
          expect(items[0]).toEqual(['human', 'Де зараз посилка TTN-000001?']);
          expect(items[1]?.[0]).toBe('ai');
          expect(items[1]?.[1]).toContain('TTN-000001');
          expect(container.querySelector('#status')?.textContent).toBe('idle');
        },
        { timeout: 20_000, interval: 50 },
      );
    } finally {
      root.unmount();
      container.remove();
    }
  });
});
