import type { Bridge } from './find-bridges.js';

/** Bridges for a person: one line per pair, `[score] scope ↔ scope`, then the two documents. */
export function formatBridges(bridges: readonly Bridge[], threshold: number, compared: number): string {
  const header = `${bridges.length} bridge(s) above ${threshold} among ${compared} cross-scope chunk pairs`;
  const lines = bridges.flatMap((bridge) => [
    `[${bridge.score.toFixed(4)}] ${bridge.a.scope} ↔ ${bridge.b.scope}`,
    `   ${bridge.a.chunk_id}  ${bridge.a.title}`,
    `   ${bridge.b.chunk_id}  ${bridge.b.title}`,
  ]);
  return [header, ...lines].join('\n');
}
