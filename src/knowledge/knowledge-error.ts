/**
 * Codes a caller can act on: `corpus_not_found` (the folder to ingest is missing), `scopes_invalid`
 * (the scopes file cannot be read or fails validation), `embeddings_config` (the WAYBILL_EMBEDDINGS_*
 * variables are inconsistent), `embeddings_failed` (the endpoint answered badly or not at all),
 * `invalid_options` (a chunking, search or bridge option out of range).
 */
export type KnowledgeErrorCode = 'corpus_not_found' | 'scopes_invalid' | 'embeddings_config' | 'embeddings_failed' | 'invalid_options';

/** A knowledge-base failure; the message names the file, variable or option and what is allowed. */
export class KnowledgeError extends Error {
  override readonly name = 'KnowledgeError';
  readonly code: KnowledgeErrorCode;

  constructor(code: KnowledgeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  static isInstance(value: unknown): value is KnowledgeError {
    return value instanceof Error && value.name === 'KnowledgeError';
  }
}
