/**
 * The schema a PostgreSQL URL selects through its `options` parameter (`-c search_path=name`), or
 * `public`. Libraries that qualify their table names (the LangGraph checkpointer) are given this so
 * that they write where Waybill's own tables are.
 */
export function postgresSchemaOf(url: string): string {
  let options: string | null;
  try {
    options = new URL(url).searchParams.get('options');
  } catch {
    return 'public';
  }
  const match = options?.match(/search_path\s*=\s*"?([A-Za-z_][A-Za-z0-9_$]*)/);
  return match?.[1] ?? 'public';
}

/** The URL with its `options` set so that every connection's search_path is `schema`. */
export function withPostgresSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}
