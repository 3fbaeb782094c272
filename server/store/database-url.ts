/** Which store a DATABASE_URL names: `file:<path>` SQLite, `postgres://…` (or `postgresql://…`) PostgreSQL. */
export function storeKindOf(databaseUrl: string): "sqlite" | "postgres" | undefined {
  if (/^file:./.test(databaseUrl)) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgres";
  return undefined;
}
