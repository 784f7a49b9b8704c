// The machine a run was measured on.
import os from 'node:os';

export function machine() {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()} (${os.platform()}/${os.arch()})`,
    cpus: cpus.length,
    cpu_model: cpus[0]?.model ?? 'unknown',
    total_memory_gb: Number((os.totalmem() / 1024 ** 3).toFixed(1)),
    load_average_at_start: os.loadavg().map((x) => Number(x.toFixed(2))),
    node: process.version,
    v8: process.versions.v8,
  };
}
