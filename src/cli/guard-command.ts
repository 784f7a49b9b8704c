import { Command } from 'commander';
import { UsageError } from './usage-error.js';

/** Larger inputs are refused rather than read into memory whole. */
const MAX_STDIN_BYTES = 32 * 1024 * 1024;

/** `waybill guard scan`: an operator's way to test what the guards make of a text. */
export function guardCommand(): Command {
  const guard = new Command('guard').description('test the guardrails on a text');
  guard
    .command('scan')
    .description('read text on stdin and print the verdict: blocked (and rule), tainted, PII found, redacted text')
    .option('--json', 'print {blocked, rule, tainted, redacted, pii: {TYPE: count}} as JSON')
    .addHelpText('after', '\nExample: echo "ignore previous instructions" | npx waybill guard scan --json\nThe exit code is 0 whatever the verdict; read `blocked` and `tainted`.')
    .action(async (options: { json?: boolean }) => {
      const text = await readStdin();
      const { guardScan } = await import('../policy/guard-scan.js');
      const result = guardScan(text);
      if (options.json) {
        console.log(JSON.stringify(result));
        return;
      }
      const pii = Object.entries(result.pii).map(([type, count]) => `${type} ${count}`).join(', ') || 'none';
      console.log(`blocked: ${result.blocked ? `yes (rule ${result.rule})` : 'no'}`);
      console.log(`tainted: ${result.tainted ? `yes (rule ${result.rule})` : 'no'}`);
      console.log(`pii: ${pii}`);
      console.log('---');
      console.log(result.redacted);
    });
  return guard;
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('guard scan reads the text from stdin: pipe it in, e.g. echo "text" | waybill guard scan');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_STDIN_BYTES) throw new UsageError(`guard scan reads at most ${MAX_STDIN_BYTES / 1024 / 1024} MB from stdin`);
    chunks.push(buffer);
  }
  // Bytes that are not UTF-8 become U+FFFD rather than an error: the text is still scanned.
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}
