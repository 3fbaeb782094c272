import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { dirname } from "node:path";

// Enquiries are personal information (POPIA): only the service's own user may read the store.
// Modes are set explicitly rather than trusted to the umask, which a service manager or shell
// may have left at 022.

const ownerOnlyFile = 0o600;
const ownerOnlyFolder = 0o700;

/** The database and the files SQLite keeps beside it in WAL mode, which hold the same data. */
const databaseFiles = (path: string) => [path, `${path}-wal`, `${path}-shm`];

const looserThanOwnerOnly = (file: string) => (statSync(file).mode & 0o077) !== 0;

/**
 * Before opening: creates the folder (0700) if it is missing, creates the database file 0600,
 * and tightens existing files that others could read. Returns a warning for each file it had
 * to tighten. An existing folder is left alone: it may be shared (say /var/lib or /tmp).
 */
export function prepareDatabaseFiles(path: string): string[] {
  const folder = dirname(path);
  if (!existsSync(folder)) {
    mkdirSync(folder, { recursive: true, mode: ownerOnlyFolder });
    chmodSync(folder, ownerOnlyFolder);
  }
  const warnings: string[] = [];
  for (const file of databaseFiles(path)) {
    if (existsSync(file) && looserThanOwnerOnly(file)) {
      const mode = (statSync(file).mode & 0o777).toString(8).padStart(4, "0");
      chmodSync(file, ownerOnlyFile);
      warnings.push(`${file} was readable by other users (mode ${mode}); tightened to 0600`);
    }
  }
  if (!existsSync(path)) closeSync(openSync(path, "a", ownerOnlyFile));
  chmodSync(path, ownerOnlyFile);
  return warnings;
}

/** After opening: SQLite has now made its WAL files; make sure they are owner-only too. */
export function restrictDatabaseFiles(path: string): void {
  for (const file of databaseFiles(path)) {
    if (existsSync(file)) chmodSync(file, ownerOnlyFile);
  }
}
