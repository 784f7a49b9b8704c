// `waybill oracle` in a child process: the emulated model on its own core, as a remote provider would be.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/bin/waybill.js', import.meta.url));

export function spawnOracle({ latencyMs }) {
  const child = spawn(process.execPath, [CLI, 'oracle', '--port', '0', '--latency-ms', String(latencyMs)], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`waybill oracle did not start: ${text}`));
    }, 20_000);
    child.once('error', reject);
    child.stderr.on('data', (chunk) => {
      text += chunk;
      const match = text.match(/serving the offline planner at (\S+)/);
      if (!match) return;
      clearTimeout(timer);
      child.stderr.removeAllListeners('data');
      child.stderr.resume();
      resolve({
        baseUrl: match[1],
        close: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
