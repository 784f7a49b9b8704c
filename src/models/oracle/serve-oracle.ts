import type { AddressInfo } from 'node:net';
import type { OracleOptions } from './create-oracle-app.js';

export interface RunningOracle {
  /** Base URL for OpenAI clients, ending in `/v1`. */
  baseUrl: string;
  close(): Promise<void>;
}

/** Serves the oracle on `host:port` (loopback by default; port 0 picks a free one). */
export async function serveOracle(options: OracleOptions & { host?: string; port?: number } = {}): Promise<RunningOracle> {
  const { host = '127.0.0.1', port = 8089, ...oracle } = options;
  // Loaded here, not at the top: the models barrel exports this, and a run that serves no oracle (the
  // LangGraph runtime on the offline planner) must not load an HTTP server to start.
  const [{ serve }, { createOracleApp }] = await Promise.all([import('@hono/node-server'), import('./create-oracle-app.js')]);
  const app = createOracleApp(oracle);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        baseUrl: `http://${shownHost}:${info.port}/v1`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
    server.once('error', reject);
  });
}
