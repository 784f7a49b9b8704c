/** The `api_keys` component's table, version 1 — keys stored as SHA-256 of the secret, bound to one tenant and one role. */
export const API_KEYS_SCHEMA_V1 = `
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        key_hash TEXT NOT NULL UNIQUE,
        tenant TEXT NOT NULL,
        role TEXT NOT NULL,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
    `;
