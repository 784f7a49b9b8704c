/**
 * One store's write that can ride in another store's statement as a WITH clause, when both stores are
 * on one PostgreSQL database (issue 36: a run's usage and budget charges commit with its record, one
 * WAL flush instead of three). Made by the store that owns the table, so its SQL stays with it.
 */
export interface CompanionWrite {
  /** The process's pool for the database (stores on one URL share it): writes ride together only on one database. */
  readonly database: object;
  /**
   * The data-modifying statements, one WITH clause each (PostgreSQL takes them only at the top level,
   * not nested), their parameters numbered from `first`.
   */
  clauses(first: number): string[];
  readonly values: readonly unknown[];
}
