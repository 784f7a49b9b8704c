/**
 * A one-line progress bar on a TTY stream, redrawn in place; nothing at all when the stream is not a
 * TTY (pipes, CI, tests), so machine-readable output stays clean.
 */
export function progressBar(stream: NodeJS.WriteStream = process.stderr): ((done: number, total: number, label: string) => void) | undefined {
  if (!stream.isTTY) return undefined;
  return (done, total, label) => {
    const width = 30;
    const filled = total > 0 ? Math.round((done / total) * width) : width;
    stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label.slice(0, 40).padEnd(40)}`);
    if (done >= total) stream.write('\n');
  };
}
