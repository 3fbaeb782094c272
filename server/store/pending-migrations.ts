/**
 * What a store at schema version `current` still needs from an append-only migration list,
 * each with the version it brings the store to. A store newer than this server is refused: an
 * older release must not write to a schema it does not know.
 */
export function pendingMigrations(
  migrations: readonly string[],
  current: number,
): { version: number; sql: string }[] {
  if (current > migrations.length) {
    throw new Error(
      `The enquiry store is at schema version ${current}, newer than this server knows (${migrations.length}).`,
    );
  }
  return migrations.slice(current).map((sql, index) => ({ version: current + index + 1, sql }));
}
