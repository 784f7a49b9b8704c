/** Only this many characters of a message are read, which keeps every scan over user text bounded. */
export const MAX_TEXT_CHARS = 4000;

/**
 * The text of a message content, bounded. Accepts the content-parts array some clients send even
 * though the declared type is a string, so a well-meant request is not silently ignored.
 */
export function messageText(content: unknown, limit = MAX_TEXT_CHARS): string {
  if (typeof content === 'string') return content.slice(0, limit);
  if (!Array.isArray(content)) return '';
  const parts = content.map((part: unknown) =>
    typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
      ? (part as { text: string }).text
      : '',
  );
  return parts.join('\n').slice(0, limit);
}
