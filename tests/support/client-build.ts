import { buildDirectory, siteRootOf } from "../../contract/site-build";

/** The production build the browser tests run against (`npm test` builds into $BUILD_DIR). */
export const clientBuildDir = siteRootOf(buildDirectory());
