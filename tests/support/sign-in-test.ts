import { startGitHubStandIn } from "./github-stand-in";
import { close, part, test } from "./server-test";
import { type BuiltService, buildTestService } from "./test-service";

// Kept apart from the stand-in, which the browser tests start too: this fixture loads vitest.

/**
 * Server tests' `test` with, once per file, a GitHub stand-in and a service whose editor sign-in
 * goes to it; both are closed after the file's tests.
 */
export const signInTest = test
  .extend("github", { scope: "file" }, part(startGitHubStandIn, close))
  .extend("editorService", { scope: "file" }, async ({ github }, { onCleanup }) => {
    const service = await buildTestService(github.settings);
    onCleanup(() => service.close());
    return service;
  });

/**
 * The file's GitHub stand-in and editor service, for a describe block's helpers, which run
 * outside any test's arguments: set before the block's first test.
 */
export function signInParts() {
  const parts = {} as {
    github: Awaited<ReturnType<typeof startGitHubStandIn>>;
    service: BuiltService;
  };
  signInTest.beforeAll(({ github, editorService }) => {
    Object.assign(parts, { github, service: editorService });
  });
  return parts;
}
