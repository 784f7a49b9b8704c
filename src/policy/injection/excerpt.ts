/** The longest evidence string a verdict carries. */
const MAX_EVIDENCE_CHARS = 80;

/**
 * A short, single-line excerpt of matched text for logs: surrounding spaces trimmed, line breaks
 * shown as spaces, cut to {@link MAX_EVIDENCE_CHARS} with an ellipsis (never inside a surrogate pair).
 */
export function excerpt(text: string): string {
  const flat = text.replaceAll('\n', ' ').trim();
  if (flat.length <= MAX_EVIDENCE_CHARS) return flat;
  let end = MAX_EVIDENCE_CHARS - 1;
  const last = flat.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${flat.slice(0, end)}…`;
}
