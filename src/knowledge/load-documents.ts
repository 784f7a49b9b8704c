import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { DocumentMeta } from './document-meta.js';
import { KnowledgeError } from './knowledge-error.js';
import { parseFrontMatter } from './parse-front-matter.js';
import type { DocumentProblem, SourceDocument } from './source-document.js';

/** Larger files are reported and skipped rather than read whole into memory. */
const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** Documents that passed validation, and the files that did not (each named). */
export interface LoadedCorpus {
  documents: SourceDocument[];
  problems: DocumentProblem[];
}

/**
 * Reads every `*.md` file under `dir` (recursively, in path order) and validates its front matter. A
 * malformed file, an empty body or a repeated id is reported in `problems` with its file name and
 * skipped; only a missing folder throws (KnowledgeError `corpus_not_found`).
 */
export async function loadDocuments(dir: string): Promise<LoadedCorpus> {
  const files = await listMarkdown(dir);
  const documents: SourceDocument[] = [];
  const problems: DocumentProblem[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const sourcePath = relative(dir, file).split(sep).join('/');
    const outcome = await readDocument(file, sourcePath);
    if ('problem' in outcome) {
      problems.push({ file: sourcePath, problem: outcome.problem });
      continue;
    }
    const earlier = seen.get(outcome.meta.id);
    if (earlier !== undefined) {
      problems.push({ file: sourcePath, problem: `id "${outcome.meta.id}" is already used by ${earlier}` });
      continue;
    }
    seen.set(outcome.meta.id, sourcePath);
    documents.push(outcome);
  }
  return { documents, problems };
}

async function readDocument(file: string, sourcePath: string): Promise<SourceDocument | { problem: string }> {
  const size = (await stat(file)).size;
  if (size > MAX_DOCUMENT_BYTES) return { problem: `is ${size} bytes; the limit is ${MAX_DOCUMENT_BYTES}` };
  const text = await readFile(file, 'utf8');
  const parsed = parseFrontMatter(text);
  if (!parsed.success) return { problem: parsed.error };
  const meta = DocumentMeta.safeParse(parsed.value.fields);
  if (!meta.success) {
    return { problem: meta.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; ') };
  }
  const body = parsed.value.body.trim();
  if (body === '') return { problem: 'has front matter but no text' };
  return { meta: meta.data, body, sourcePath, contentHash: createHash('sha256').update(text).digest('hex') };
}

async function listMarkdown(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (cause) {
    throw new KnowledgeError('corpus_not_found', `cannot read the document folder ${dir}: ${(cause as Error).message}`, { cause });
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
