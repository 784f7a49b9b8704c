import { UsageError } from './usage-error.js';

/** Opens a store for an audit command, turning a key that cannot be loaded into a usage error (exit 2, one line). */
export async function openStore<T>(open: () => Promise<T>): Promise<T> {
  const { AuditKeyError } = await import('../domain/index.js');
  try {
    return await open();
  } catch (error) {
    if (error instanceof AuditKeyError) throw new UsageError(error.message);
    throw error;
  }
}
