import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/index.js';
import { evalCommand } from './eval-command.js';
import { UsageError } from './usage-error.js';

const temps: Array<() => void> = [];
afterEach(() => temps.splice(0).forEach((cleanup) => cleanup()));

// Only usage failures are exercised in process (they throw before anything runs or prints); the
// commands themselves are run end to end by test/e2e/eval-cli.test.ts.
async function usageError(args: string[]): Promise<UsageError> {
  const command = evalCommand().exitOverride();
  for (const sub of command.commands) sub.exitOverride();
  try {
    await command.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (UsageError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`expected a usage error for ${args.join(' ')}`);
}

describe('waybill eval usage errors', () => {
  it('rejects an unknown runtime, listing the known ones', async () => {
    expect((await usageError(['golden', '--runtime', 'crewai'])).message).toBe('unknown runtime "crewai"; known runtimes: langgraph, openai-agents, adk');
    expect((await usageError(['redteam', '--runtime', 'Langgraph'])).message).toMatch(/known runtimes: langgraph, openai-agents, adk/);
  });

  it('rejects a trial count out of range', async () => {
    expect((await usageError(['golden', '--trials', '0'])).message).toBe('--trials must be a whole number from 1 to 100, got "0"');
  });

  it('names a malformed data file and its problem', async () => {
    const temp = makeTempDir();
    temps.push(temp.cleanup);
    const path = join(temp.dir, 'corpus.json');
    writeFileSync(path, JSON.stringify({ version: 1, attacks: [] }));
    const error = await usageError(['redteam', '--corpus', path, '--out', temp.dir]);
    expect(error.message).toContain(path);
    expect(error.message).toMatch(/attacks/);
  });
});
