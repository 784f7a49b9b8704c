// Records the offline planner's completions (content, tool calls, token usage as it counts them) for
// every fixed request on both builds, in a process of its own, so the measured processes replay them
// and never plan or count tokens (issue 22).
//   node bench/lib/record-completions.mjs <out.json>      (figures call recordedCompletions())
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { completionKey } from './completion-key.mjs';

const SELF = fileURLToPath(import.meta.url);

/** Records in a child process and returns the completions as a Map from request key to reply. */
export function recordedCompletions() {
  const out = join(tmpdir(), `waybill-bench-completions-${process.pid}.json`);
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(recordCompletionsTo(out), 'utf8'))));
  } finally {
    rmSync(out, { force: true });
  }
}

/** Records in a child process into `out` (JSON, request key to reply), for build processes to load; returns `out`. */
export function recordCompletionsTo(out) {
  const child = spawnSync(process.execPath, [SELF, out], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (child.status !== 0) throw new Error(`recording the completions failed (exit ${child.status})`);
  return out;
}

async function record(out) {
  const { OfflinePlannerChatModel } = await import('../../dist/models/index.js');
  const { openPlain, openWaybill } = await import('./builds.mjs');
  const { FIXED_REQUESTS } = await import('./requests.mjs');
  const { tempDir } = await import('./temp-db.mjs');
  const completions = {};
  class RecordingPlanner extends OfflinePlannerChatModel {
    async _generate(messages, options) {
      const result = await super._generate(messages, options);
      const message = result.generations[0].message;
      completions[completionKey(messages, options.tools ?? [])] = {
        content: typeof message.content === 'string' ? message.content : '',
        tool_calls: (message.tool_calls ?? []).map(({ id, name, args }) => ({ id, name, args })),
        usage: { input_tokens: message.usage_metadata.input_tokens, output_tokens: message.usage_metadata.output_tokens },
        response_metadata: message.response_metadata,
      };
      return result;
    }
  }
  const tmp = tempDir();
  try {
    const model = new RecordingPlanner({});
    for (const open of [openWaybill, openPlain]) {
      const build = await open({ dbPath: tmp.newDb('record'), model });
      try {
        for (const [i, input] of FIXED_REQUESTS.entries()) await build.ask(input, `record-${i}`);
      } finally {
        await build.close();
      }
    }
  } finally {
    tmp.remove();
  }
  writeFileSync(out, JSON.stringify(completions));
}

if (process.argv[1] === SELF) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node bench/lib/record-completions.mjs <out.json>');
    process.exit(2);
  }
  await record(out);
}
