import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedLangGraphRuntime as OpenedRuntime } from './open-runtime.js';
import { openLangGraphRuntime } from './open-runtime.js';

// Mermaid sanitises labels with DOMPurify, which needs a window: a jsdom one stands in for the browser.
type Mermaid = { parse(text: string): Promise<{ diagramType: string }> };
let mermaid: Mermaid;
let opened: OpenedRuntime;

beforeAll(async () => {
  const { window } = new JSDOM('');
  Object.assign(globalThis, { window, document: window.document });
  mermaid = ((await import('mermaid')) as unknown as { default: Mermaid }).default;
  opened = await openLangGraphRuntime({ dbPath: ':memory:' });
});

afterAll(async () => {
  await opened.close();
});

describe('waybill graph', () => {
  it('draws the compiled supervisor graph as Mermaid that the Mermaid parser accepts', async () => {
    const text = (await opened.runtime.port.graph.getGraphAsync()).drawMermaid();
    expect(text).toContain('__tools = tracking_agent,warehouse_agent,pricing_agent');
    await expect(mermaid.parse(text)).resolves.toMatchObject({ diagramType: 'flowchart-v2' });
  });

  it('would notice a broken diagram (the parser is not a rubber stamp)', async () => {
    await expect(mermaid.parse('graph TD;\n  A --> ;;; B(')).rejects.toThrow(/Parse error/);
  });
});
