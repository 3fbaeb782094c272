import type { TestProject } from "vitest/node";
import { startPostgresServer } from "./postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL server, or "" when it could not start. */
    postgresUrl: string;
    /** Why there is no server, for the tests that need one to report. */
    postgresProblem: string;
  }
}

// One PostgreSQL server for the whole Vitest run (about 1.5 s to start); each test file that
// needs one makes its own database in it (tests/support/test-database.ts). A machine without
// PostgreSQL still runs every other test: only the files that need the server fail, with the
// reason.
export default async function setup(project: TestProject) {
  try {
    const server = await startPostgresServer();
    project.provide("postgresUrl", server.url);
    project.provide("postgresProblem", "");
    return () => server.stop();
  } catch (error) {
    project.provide("postgresUrl", "");
    project.provide("postgresProblem", error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
