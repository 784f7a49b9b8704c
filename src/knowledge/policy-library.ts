import type { PolicyDocument, PolicyDocuments } from '../domain/index.js';
import { resolveScopesPath } from './bundled-paths.js';
import { loadDocuments } from './load-documents.js';
import type { ScopesFile } from './scopes-file.js';
import { accessFor, loadScopesFile } from './scopes-file.js';
import type { SourceDocument } from './source-document.js';
import { visibilityOf } from './visibility.js';

/**
 * The policy documents of a corpus folder as whole documents, each entry (scopes.json) seeing exactly
 * what its scoped search may see: the same scope, sensitivity and deny-pattern filters, deny-by-default.
 * The folder is read once, on first use.
 */
export function policyLibrary(options: { corpusDir: string; scopes?: ScopesFile }): PolicyDocuments {
  let loaded: Promise<SourceDocument[]> | undefined;
  let scopes = options.scopes;
  const visibleTo = async (entry: string): Promise<SourceDocument[]> => {
    scopes ??= loadScopesFile(resolveScopesPath());
    const access = accessFor(scopes, entry);
    if (!access) return [];
    loaded ??= loadDocuments(options.corpusDir).then((corpus) => corpus.documents);
    const documents = await loaded;
    return documents.filter((doc) => visibilityOf(access, { scope: doc.meta.scope, sensitivity: doc.meta.sensitivity, doc_id: doc.meta.id, source_path: doc.sourcePath }) === 'allowed');
  };
  const describe = (doc: SourceDocument): Omit<PolicyDocument, 'body'> => ({ id: doc.meta.id, title: doc.meta.title, scope: doc.meta.scope, sensitivity: doc.meta.sensitivity });
  return {
    list: async (entry) => (await visibleTo(entry)).map(describe),
    read: async (entry, id) => {
      const doc = (await visibleTo(entry)).find((candidate) => candidate.meta.id === id);
      return doc && { ...describe(doc), body: doc.body };
    },
  };
}
