import { appendFileSync } from 'node:fs';
import { Command } from 'commander';
import type { AuditAnchor } from '../domain/index.js';
import { parseDuration } from '../telemetry/parse-duration.js';
import { openStore } from './open-audit-store.js';
import { UsageError } from './usage-error.js';

interface AnchorOptions {
  file?: string;
  webhook?: string;
  every?: string;
}

/**
 * `waybill audit anchor`: exports the signed head of the chain out of the database (a file line, a log
 * line on stdout, a webhook), once or every interval, so that `audit verify --anchor` can later show
 * a cut tail or a rewritten chain that the database alone no longer can.
 */
export function auditAnchorCommand(): Command {
  return new Command('anchor')
    .description('export the signed chain head (seq, hash, time, key id, HMAC) to a file, stdout (a JSON log line) or a webhook; keep it where a database writer cannot reach')
    .option('--file <path>', 'append the anchor as one JSON line to this file')
    .option('--webhook <url>', 'POST the anchor as JSON to this http(s) URL (a 2xx answer is required)')
    .option('--every <duration>', 'keep running and anchor every interval (30s, 5m, 1h, 1d) until stopped')
    .action(async (options: AnchorOptions) => {
      const webhook = options.webhook === undefined ? undefined : webhookUrl(options.webhook);
      let intervalMs: number | undefined;
      try {
        intervalMs = options.every === undefined ? undefined : parseDuration(options.every);
      } catch (error) {
        throw new UsageError(`--every: ${(error as Error).message}`);
      }
      const { makeAnchor, openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const store = await openStore(() => openDomainStore({ path: resolveDbPath() }));
      const once = async () => {
        const anchor = makeAnchor(await store.audit.head(), store.audit.keyring, new Date());
        await deliver(anchor, options.file, webhook);
      };
      try {
        await once();
        if (intervalMs === undefined) return;
        await repeat(intervalMs, once);
      } finally {
        await store.close();
      }
    });
}

function webhookUrl(text: string): URL {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw new UsageError(`--webhook: expected an http:// or https:// URL, got ${JSON.stringify(text)}`);
}

/** Writes the anchor where asked: the file and the webhook when given, else stdout. */
async function deliver(anchor: AuditAnchor, file: string | undefined, webhook: URL | undefined): Promise<void> {
  const line = JSON.stringify(anchor);
  if (file !== undefined) {
    try {
      appendFileSync(file, `${line}\n`);
    } catch (error) {
      throw new UsageError(`--file: cannot append to ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (webhook !== undefined) {
    const response = await fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: line, signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => {
      throw new Error(`the webhook ${webhook.origin} could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (!response.ok) throw new Error(`the webhook ${webhook.origin} answered ${response.status}; the anchor of #${anchor.seq} was not delivered there`);
  }
  if (file === undefined && webhook === undefined) console.log(line);
  else console.error(`anchored #${anchor.seq} ${anchor.hash.slice(0, 16)}… (${anchor.key_id})${file ? ` to ${file}` : ''}${webhook ? ` and ${webhook.origin}` : ''}`);
}

/** Runs `task` every `ms` until SIGINT or SIGTERM; a failed round is reported and the next one still runs. */
async function repeat(ms: number, task: () => Promise<void>): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      task().catch((error: unknown) => {
        console.error(`waybill: anchor failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      });
    }, ms);
    const stop = () => {
      clearInterval(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
