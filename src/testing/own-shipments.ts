import Database from 'better-sqlite3';

/**
 * Makes `tenant` the owner of the fixture shipments `ids` in the SQLite file at `dbPath`: a test whose
 * runs act as their own tenant (to keep tenant-scoped switches and budgets apart) must own what they act
 * on, or the boundary answers "not found" exactly as it would to a stranger.
 */
export function ownShipments(dbPath: string, tenant: string, ...ids: string[]): void {
  const db = new Database(dbPath);
  try {
    const update = db.prepare('UPDATE shipments SET tenant = ? WHERE tracking_id = ?');
    db.transaction(() => {
      for (const id of ids) {
        if (update.run(tenant, id).changes !== 1) throw new Error(`no fixture shipment ${id}`);
      }
    })();
  } finally {
    db.close();
  }
}
