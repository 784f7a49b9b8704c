// What LangGraph's SqliteSaver wrote for one thread: rows and blob bytes in `checkpoints` and `writes`.
// Every benchmark run has its own thread, so per-thread totals are exactly "written by that run".

export function checkpointStats(db, threadId) {
  const checkpoints = db
    .prepare('SELECT count(*) AS rows, coalesce(sum(length(checkpoint) + coalesce(length(metadata), 0)), 0) AS bytes FROM checkpoints WHERE thread_id = ?')
    .get(threadId);
  const writes = db.prepare('SELECT count(*) AS rows, coalesce(sum(coalesce(length(value), 0)), 0) AS bytes FROM writes WHERE thread_id = ?').get(threadId);
  return {
    checkpointRows: checkpoints.rows,
    checkpointBytes: checkpoints.bytes,
    writeRows: writes.rows,
    writeBytes: writes.bytes,
    rows: checkpoints.rows + writes.rows,
    bytes: checkpoints.bytes + writes.bytes,
  };
}

/** Rows and bytes over the whole file (a cross-check of the per-thread sums). */
export function checkpointTotals(db) {
  const c = db.prepare('SELECT count(*) AS rows, coalesce(sum(length(checkpoint) + coalesce(length(metadata), 0)), 0) AS bytes FROM checkpoints').get();
  const w = db.prepare('SELECT count(*) AS rows, coalesce(sum(coalesce(length(value), 0)), 0) AS bytes FROM writes').get();
  return { rows: c.rows + w.rows, bytes: c.bytes + w.bytes };
}
