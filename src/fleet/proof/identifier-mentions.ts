import { memoByText } from './memo-by-text.js';

/** A domain identifier as an answer writes it, upper-cased. */
export interface IdentifierMention {
  text: string;
  id: string;
  index: number;
}

// Tracking ids, SKUs, cancellation ids and warehouse ids; a malformed one (TTN-123) is still a claim.
const IDENTIFIER = /(?<![\p{L}\p{N}_])(?:TTN|SKU|CNL|WH)-[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*(?![\p{L}\p{N}_])/giu;

/** Every identifier in `text`, in order. */
function scanIdentifiers(text: string): IdentifierMention[] {
  // Every identifier has a hyphen after its prefix: most strings of a tool result have none.
  if (!text.includes('-')) return [];
  return [...text.matchAll(IDENTIFIER)].map((match) => ({ text: match[0], id: match[0].toUpperCase(), index: match.index }));
}

/** Tracking ids named in `text`, upper-cased, first mention order, no repeats. */
export function trackingIdsIn(text: string): string[] {
  return [...new Set(findIdentifiers(text).map((m) => m.id).filter((id) => /^TTN-\d{6}$/.test(id)))];
}

/** SKUs named in `text`, upper-cased, no repeats. */
export function skusIn(text: string): string[] {
  return [...new Set(findIdentifiers(text).map((m) => m.id).filter((id) => /^SKU-\d{4}$/.test(id)))];
}

/** The same, remembered per text (memo-by-text.ts): the same array for the same text, read-only. */
export const findIdentifiers = memoByText(scanIdentifiers);
