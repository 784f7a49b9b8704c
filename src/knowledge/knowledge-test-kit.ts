import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fixedClock } from '../testing/index.js';
import { BUNDLED_CORPUS_DIR, BUNDLED_SCOPES_PATH } from './bundled-paths.js';
import type { Embedder } from './embedder.js';
import type { KnowledgeBaseOptions } from './knowledge-base.js';
import { KnowledgeBase } from './knowledge-base.js';
import { embedLocally, LocalEmbedder } from './local-embedder.js';
import { loadScopesFile } from './scopes-file.js';

/** A private in-memory knowledge base with the bundled corpus, the bundled scopes, a fixed clock. */
export async function openBundledKnowledgeBase(options: KnowledgeBaseOptions = {}): Promise<KnowledgeBase> {
  const kb = await KnowledgeBase.open({ path: ':memory:', scopes: loadScopesFile(BUNDLED_SCOPES_PATH), embedder: new LocalEmbedder(), now: fixedClock(), ...options });
  await kb.ingestDirectory(BUNDLED_CORPUS_DIR);
  return kb;
}

/**
 * A stand-in for a semantic embedding model on exact codes: seed 004's E5 saw "signal processing" in a
 * query about Pan-Tompkins. It embeds each text with every token that contains a digit removed, so
 * ПВ-17, DC-1 or 2019/1148 are invisible to it while the surrounding words still count.
 */
export const codeBlindEmbedder: Embedder = {
  id: 'test:code-blind',
  embed: async (texts) => texts.map((text) => embedLocally(text.replace(/\S*\d\S*/gu, ' '))),
};

/** Writes `files` (relative path -> content) under `dir`, creating folders. */
export function writeCorpus(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

/** A valid policy document with overridable front matter. */
export function policyDocument(fields: Record<string, string>, body: string): string {
  const meta = { title: 'Test policy', scope: 'customer', sensitivity: 'public', source_kind: 'policy', retrieval_hints: '[test]', ...fields };
  return `---\n${Object.entries(meta).map(([key, value]) => `${key}: ${value}`).join('\n')}\n---\n${body}\n`;
}
