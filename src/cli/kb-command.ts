import { Command } from 'commander';
import type { KnowledgeBase } from '../knowledge/index.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

// Loaded on demand: the database driver and the indexes are not needed by other commands. Configuration problems
// (missing folder, bad scopes file, bad WAYBILL_EMBEDDINGS_* or options) are usage errors (exit 2).
async function withKnowledgeBase<T>(seed: boolean, use: (kb: KnowledgeBase) => Promise<T>): Promise<T> {
  const { KnowledgeBase, KnowledgeError, BUNDLED_CORPUS_DIR } = await import('../knowledge/index.js');
  let kb: KnowledgeBase | undefined;
  try {
    kb = await KnowledgeBase.open({ path: databasePath(), ...(seed && { seedCorpus: BUNDLED_CORPUS_DIR }) });
    return await use(kb);
  } catch (error) {
    if (KnowledgeError.isInstance(error) && error.code !== 'embeddings_failed') throw new UsageError(error.message);
    throw error;
  } finally {
    await kb?.close();
  }
}

/** `waybill kb`: ingest policy documents, search them as an agent would, list cross-scope bridges. */
export function kbCommand(): Command {
  const kb = new Command('kb').description('the company policy knowledge base: ingest, scoped hybrid search, bridges, evaluation');

  kb.command('ingest')
    .description('add or update Markdown documents (with front matter) from a folder; unchanged ones are skipped')
    .argument('<dir>', 'folder of .md files, read recursively')
    .option('--chunk-size <n>', 'chunk size in characters (100-20000)', '800')
    .option('--overlap <n>', 'overlap between chunks in characters (at most half the chunk size)', '120')
    .option('--json', 'print {added, updated, unchanged, skipped, chunks, problems} as JSON')
    .action(async (dir: string, options: { chunkSize: string; overlap: string; json?: boolean }) => {
      const chunkSize = wholeNumber('--chunk-size', options.chunkSize, 100, 20_000);
      const overlap = wholeNumber('--overlap', options.overlap, 0, Math.floor(chunkSize / 2));
      const report = await withKnowledgeBase(false, (base) => base.ingestDirectory(dir, { chunkSize, overlap }));
      if (options.json) return void console.log(JSON.stringify(report, null, 2));
      console.log(`added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}, skipped ${report.skipped} (${report.chunks} chunks written)`);
      for (const problem of report.problems) console.log(`skipped ${problem.file}: ${problem.problem}`);
    });

  kb.command('search')
    .description('search the policies as a given agent sees them (scopes, sensitivity, deny patterns, taint); audited')
    .argument('<query...>', 'the question, Ukrainian or English')
    .requiredOption('--agent <name>', 'whose access applies, e.g. pricing_agent (see knowledge/scopes.json)')
    .option('--limit <n>', 'hits to return (1-50)', '5')
    .option('--json', 'print {agent, query, access, hits, blocked, tainted, degraded?} as JSON')
    .addHelpText('after', '\nThe bundled corpus (knowledge/docs) is ingested on first use when the knowledge base is empty.\nWAYBILL_EMBEDDINGS_BASE_URL and WAYBILL_EMBEDDINGS_MODEL select an embeddings endpoint; otherwise a local n-gram embedding is used.')
    .action(async (words: string[], options: { agent: string; limit: string; json?: boolean }) => {
      const query = words.join(' ').trim();
      if (!query) throw new UsageError('kb search needs a query');
      const limit = wholeNumber('--limit', options.limit, 1, 50);
      const result = await withKnowledgeBase(true, (base) => base.searchPolicies({ agent: options.agent, query, limit }));
      if (options.json) return void console.log(JSON.stringify(result, null, 2));
      const { formatSearchResult } = await import('../knowledge/index.js');
      console.log(formatSearchResult(result));
    });

  kb.command('bridges')
    .description('list pairs of chunks in different scopes that are semantically close (admins only)')
    .requiredOption('--agent <name>', 'the caller; must be an admin entry in the scopes file')
    .option('--threshold <x>', 'minimum cosine similarity (-1 to 1)', '0.8')
    .option('--limit <n>', 'pairs to list (1-1000)', '50')
    .option('--json', 'print {allowed, threshold, compared, bridges} as JSON')
    .action(async (options: { agent: string; threshold: string; limit: string; json?: boolean }) => {
      const threshold = Number(options.threshold);
      if (!Number.isFinite(threshold) || threshold < -1 || threshold > 1) throw new UsageError(`--threshold must be a number from -1 to 1, got ${JSON.stringify(options.threshold)}`);
      const limit = wholeNumber('--limit', options.limit, 1, 1000);
      const [result, embedderId] = await withKnowledgeBase(true, async (base) => [await base.findBridges({ agent: options.agent, threshold, limit }), base.embedderId] as const);
      if (options.json) {
        console.log(JSON.stringify(result, null, 2));
        if (!result.allowed) process.exitCode = 2;
        return;
      }
      if (!result.allowed) throw new UsageError(result.reason);
      const { formatBridges } = await import('../knowledge/index.js');
      console.log(formatBridges(result.bridges, result.threshold, result.compared));
      // Hashed n-gram vectors of different documents rarely pass 0.6; a model endpoint spreads wider.
      if (result.bridges.length === 0 && embedderId.startsWith('local:')) console.log('note: with the local n-gram embedding, try --threshold 0.5');
    });

  kb.command('eval')
    .description('recall@k of lexical, dense and fused retrieval on the labelled query set (in memory; your database is not touched)')
    .option('--k <n>', 'cut-off (1-50)', '5')
    .option('--json', 'print {k, queries, recall: {lexical, dense, fused}, per_query} as JSON')
    .action(async (options: { k: string; json?: boolean }) => {
      const k = wholeNumber('--k', options.k, 1, 50);
      const { KnowledgeBase, BUNDLED_CORPUS_DIR, BUNDLED_QUERIES_PATH, evaluateRecall, loadLabelledQueries } = await import('../knowledge/index.js');
      const base = await KnowledgeBase.open({ path: ':memory:' });
      try {
        await base.ingestDirectory(BUNDLED_CORPUS_DIR);
        const report = await evaluateRecall(base, await loadLabelledQueries(BUNDLED_QUERIES_PATH), k);
        if (options.json) return void console.log(JSON.stringify(report, null, 2));
        console.log(`recall@${k} over ${report.queries} queries (embedder ${base.embedderId})`);
        for (const [mode, value] of Object.entries(report.recall)) console.log(`  ${mode.padEnd(8)} ${value.toFixed(3)}`);
      } finally {
        await base.close();
      }
    });

  return kb;
}
