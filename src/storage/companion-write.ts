/**
 * One store's write that can ride with another store's write of a run's record (issue 36: a run's
 * usage and budget charges commit with its record, one commit instead of three, and none is written
 * without the others). Made by the store that owns the table, so its SQL stays with it. Two kinds,
 * one per backend: on one PostgreSQL database the write is WITH clauses of the carrier's statement;
 * on one SQLite file (the process's one connection to it) it runs inside the carrier's transaction.
 */
export type CompanionWrite = StatementCompanionWrite | TransactionCompanionWrite;

/** PostgreSQL: data-modifying WITH clauses for the carrier's one statement. */
interface StatementCompanionWrite {
  readonly kind: 'statement';
  /** The process's pool for the database (stores on one URL share it): writes ride together only on one database. */
  readonly database: object;
  /**
   * The data-modifying statements, one WITH clause each (PostgreSQL takes them only at the top level,
   * not nested), their parameters numbered from `first`.
   */
  clauses(first: number): string[];
  readonly values: readonly unknown[];
}

/** SQLite: statements run synchronously on the file's one connection, inside the carrier's transaction. */
interface TransactionCompanionWrite {
  readonly kind: 'transaction';
  /** The process's connection to the file (stores on one file share it). */
  readonly database: object;
  /** Runs the write's statements; called once, inside the carrier's open transaction, never on its own. */
  apply(): void;
}
