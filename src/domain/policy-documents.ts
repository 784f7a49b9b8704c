/** A company policy document as the MCP server offers it: its front matter and Markdown body. */
export interface PolicyDocument {
  id: string;
  title: string;
  scope: string;
  sensitivity: string;
  body: string;
}

/**
 * The policy documents a knowledge-base entry (scopes.json) may read, deny-by-default: an unknown entry
 * lists nothing and reads nothing. Implemented by the knowledge base; the server only asks as the entry
 * its caller's role maps to.
 */
export interface PolicyDocuments {
  list(entry: string): Promise<Array<Omit<PolicyDocument, 'body'>>>;
  /** The document, or undefined when it does not exist or the entry may not read it. */
  read(entry: string, id: string): Promise<PolicyDocument | undefined>;
}
