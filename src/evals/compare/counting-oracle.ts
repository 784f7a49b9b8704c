import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createOracleApp } from '../../models/oracle/create-oracle-app.js';

/** What the oracle served since the last reset: calls and tokens as it counted them (o200k_base). */
export interface OracleCounts {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

export interface CountingOracle {
  /** Base URL for OpenAI clients, ending in `/v1`. */
  baseUrl: string;
  counts(): OracleCounts;
  reset(): void;
  close(): Promise<void>;
}

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

/**
 * The oracle (the offline planner behind `/v1/chat/completions`) on a free loopback port, with a tally
 * of every completion it served, read from the usage it reports, plain or streamed. The comparison
 * trusts this tally, not each framework's own accounting, so all runtimes are measured alike.
 */
export async function serveCountingOracle(options: { latencyMs?: number } = {}): Promise<CountingOracle> {
  const app = createOracleApp({ latencyMs: options.latencyMs ?? 0 });
  let counts: OracleCounts = { calls: 0, promptTokens: 0, completionTokens: 0 };
  const tally = (usage: Usage | undefined) => {
    counts = { calls: counts.calls + 1, promptTokens: counts.promptTokens + (usage?.prompt_tokens ?? 0), completionTokens: counts.completionTokens + (usage?.completion_tokens ?? 0) };
  };
  const fetch = async (request: Request): Promise<Response> => {
    const response = await app.fetch(request);
    if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/chat/completions') || !response.ok) return response;
    const text = await response.text();
    tally(usageOf(text));
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({
        baseUrl: `http://127.0.0.1:${info.port}/v1`,
        counts: () => ({ ...counts }),
        reset: () => {
          counts = { calls: 0, promptTokens: 0, completionTokens: 0 };
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
    server.once('error', reject);
  });
}

// A plain completion is one JSON object; a streamed one carries usage in its last `data:` chunk.
function usageOf(body: string): Usage | undefined {
  const parse = (text: string): Usage | undefined => {
    try {
      return (JSON.parse(text) as { usage?: Usage }).usage ?? undefined;
    } catch {
      return undefined;
    }
  };
  if (body.trimStart().startsWith('{')) return parse(body);
  const chunks = body.split('\n').filter((line) => line.startsWith('data: ') && !line.includes('[DONE]'));
  for (const line of chunks.reverse()) {
    const usage = parse(line.slice('data: '.length));
    if (usage) return usage;
  }
  return undefined;
}
