// One build (Waybill or the plain supervisor) in a Node process of its own, driven by the figure over
// IPC: each build's CPU is its own process's, garbage collection and background threads included, so
// neither build pays for the other's garbage (in one process, a collection during one build's run
// frees what the other allocated). The figure asks for one run at a time and reads the process's CPU
// at each round's edges.
//   parent: const build = await forkBuild({ build: 'waybill', completionsFile, dbPath, durability })
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

/** Starts a build in a child process; resolves once it is open and warmed up on `warmUp` requests. */
export async function forkBuild({ build, completionsFile, dbPath, durability, warmUp = [] }) {
  const child = fork(SELF, [], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  let next = 0;
  let failed;
  child.on('message', (message) => {
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) pending?.reject(new Error(`${build} process: ${message.error}`));
    else pending?.resolve(message.value);
  });
  child.once('exit', (code) => {
    failed = new Error(`the ${build} process exited with code ${code}`);
    for (const pending of waiting.values()) pending.reject(failed);
    waiting.clear();
  });
  const call = (type, args = {}) =>
    failed
      ? Promise.reject(failed)
      : new Promise((resolve, reject) => {
          const id = (next += 1);
          waiting.set(id, { resolve, reject });
          child.send({ id, type, ...args });
        });
  await call('open', { build, completionsFile, dbPath, durability, warmUp });
  return {
    name: build,
    /** One request measured inside the child: wall ms, CPU ms, bytes written, model meter, checkpoint stats, the record. */
    run: (input, threadId) => call('run', { input, threadId }),
    /** One pass over `inputs` under the CPU profiler in the child: self ms per component per run (lib/cpu-profile.mjs). */
    profile: (inputs, tag) => call('profile', { inputs, tag }),
    /** The child process's CPU so far (user + system, ms), background threads included. */
    cpuMs: () => call('cpu'),
    /** The child's main thread's CPU so far (ms), or null off Linux: the rest of the process's CPU is V8's background threads. */
    mainThreadCpuMs: () => call('mainThreadCpu'),
    close: async () => {
      await call('close');
      child.disconnect();
    },
  };
}

// Linux schedstat: nanoseconds the main thread has run on a CPU (its first field).
function mainThreadCpuMs() {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

async function serve() {
  const { ReplayedModel } = await import('./replayed-model.mjs');
  const { openPlain, openWaybill } = await import('./builds.mjs');
  const { checkpointStats } = await import('./checkpoint-stats.mjs');
  const { bytesWritten } = await import('./process-io.mjs');
  let model;
  let opened;
  const handlers = {
    async open({ build, completionsFile, dbPath, durability, warmUp }) {
      model = new ReplayedModel({ completions: new Map(Object.entries(JSON.parse(readFileSync(completionsFile, 'utf8')))) });
      opened = await (build === 'plain' ? openPlain : openWaybill)({ dbPath, model, ...(durability && { durability }) });
      // Warm-up: JIT and statement caches, unrecorded.
      for (const [i, input] of warmUp.entries()) await opened.ask(input, `warm-${i}`);
      return true;
    },
    async run({ input, threadId }) {
      model.reset();
      const written = bytesWritten();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await opened.ask(input, threadId);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const disk = written === null ? null : bytesWritten() - written;
      const record = opened.name === 'waybill' ? { status: result.status, stop_reason: result.stop_reason, answer: result.answer, prompt_tokens: result.usage.prompt_tokens, tool_calls: result.tool_calls.map((c) => c.status) } : { answer: result };
      return { ms, cpuMs: (used.user + used.system) / 1000, disk, meter: { ...model.meter }, cp: checkpointStats(opened.db, threadId), result: record };
    },
    async profile({ inputs, tag }) {
      const { profileComponents } = await import('./cpu-profile.mjs');
      return profileComponents(async () => {
        for (const [i, input] of inputs.entries()) await opened.ask(input, `${tag}-${i}`);
      }, inputs.length);
    },
    cpu() {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    },
    mainThreadCpu() {
      return mainThreadCpuMs();
    },
    async close() {
      await opened.close();
      return true;
    },
  };
  process.on('message', async (message) => {
    try {
      process.send({ id: message.id, value: await handlers[message.type](message) });
    } catch (error) {
      process.send({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[1] === SELF) await serve();
