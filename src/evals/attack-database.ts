import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BUNDLED_CORPUS_DIR, KnowledgeBase } from '../knowledge/index.js';
import { openLangGraphRuntime } from '../runtimes/langgraph/index.js';
import type { Attack } from './attack.js';
import { makeDirectory } from '../storage/make-directory.js';

/**
 * Databases for indirect-injection attacks. A template file is seeded once (domain fixtures, the
 * policy corpus); each attack gets a copy with its content planted, so attacks never see each other's.
 */
export class AttackDatabases {
  readonly #dir: string;
  #template: string | undefined;
  #count = 0;

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** A fresh copy of the template with the attack's content planted; returns its path. */
  async prepare(attack: Attack): Promise<string> {
    const template = await this.#ensureTemplate();
    this.#count += 1;
    const path = join(this.#dir, `attack-${this.#count}.db`);
    copyFileSync(template, path);
    if (attack.planted) await plant(path, attack, join(this.#dir, `docs-${this.#count}`));
    return path;
  }

  async #ensureTemplate(): Promise<string> {
    if (this.#template) return this.#template;
    makeDirectory(this.#dir);
    const path = join(this.#dir, 'template.db');
    // Opening the runtime once creates every component's schema and seeds the domain and the corpus.
    const opened = await openLangGraphRuntime({ dbPath: path, modelConfig: { fallbacks: [], temperature: 0, timeoutMs: 1000, maxRetries: 0 } });
    await opened.close();
    // Fold the write-ahead log into the file so a plain copy is complete.
    const db = new Database(path);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    this.#template = path;
    return path;
  }
}

// Planting writes straight to the tables because no tool may write notes or catalogue text: the point
// is to simulate data that arrived from outside (a customer's note, a supplier's catalogue, a policy file).
async function plant(path: string, attack: Attack, docsDir: string): Promise<void> {
  const planted = attack.planted;
  if (!planted) return;
  if (attack.carrier === 'shipment_note' || attack.carrier === 'stock_comment') {
    const db = new Database(path);
    try {
      if (attack.carrier === 'shipment_note') {
        const row = db.prepare('SELECT status, origin FROM shipments WHERE tracking_id = ?').get(planted.target) as { status: string; origin: string } | undefined;
        if (!row) throw new Error(`attack ${attack.id}: no shipment ${planted.target} to plant a note in`);
        db.prepare('INSERT INTO shipment_events (tracking_id, at, status, location, note) VALUES (?, ?, ?, ?, ?)').run(planted.target, '2026-11-29T12:00:00.000Z', row.status, row.origin, planted.text);
      } else {
        const changed = db.prepare("UPDATE products SET name = name || ' — ' || ? WHERE sku = ?").run(planted.text, planted.target).changes;
        if (changed !== 1) throw new Error(`attack ${attack.id}: no product ${planted.target} to plant a comment in`);
      }
    } finally {
      db.close();
    }
    return;
  }
  // A policy passage: a Markdown document ingested into the knowledge base, as `waybill kb ingest` would.
  makeDirectory(docsDir);
  const hints = JSON.stringify([String(planted.read.args.query ?? planted.target)]);
  writeFileSync(
    join(docsDir, `${planted.target}.md`),
    `---\nid: ${planted.target}\ntitle: ${String(planted.read.args.query ?? planted.target)}\nscope: customer\nsensitivity: public\nsource_kind: faq\nretrieval_hints: ${hints}\n---\n# ${String(planted.read.args.query ?? planted.target)}\n\n${planted.text}\n`,
  );
  const kb = await KnowledgeBase.open({ path, seedCorpus: BUNDLED_CORPUS_DIR });
  try {
    const report = await kb.ingestDirectory(docsDir);
    if (report.added !== 1) throw new Error(`attack ${attack.id}: the planted policy document was not ingested (${report.problems.map((p) => p.problem).join('; ')})`);
  } finally {
    await kb.close();
  }
}
