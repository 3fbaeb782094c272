import { join } from "node:path";

/** The production build the browser tests run against (`npm test` builds into $BUILD_DIR). */
export const clientBuildDir = join(process.env.BUILD_DIR || "build", "client");
