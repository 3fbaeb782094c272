import { clientId, clientSecret, repo, startGitHubStandIn } from "./github-stand-in";
import { close, part, test } from "./server-test";
import { startTestService } from "./test-service";

// Kept apart from the stand-in, which the browser tests start too: this fixture loads vitest.

/**
 * Server tests' `it` with, once per file, a GitHub stand-in and a service whose editor sign-in
 * goes to it; both are closed after the file's tests.
 */
export const signInTest = test
  .extend("github", { scope: "file" }, part(startGitHubStandIn, close))
  .extend("editorService", { scope: "file" }, async ({ github }, { onCleanup }) => {
    const service = await startTestService({
      CMS_GITHUB_CLIENT_ID: clientId,
      CMS_GITHUB_CLIENT_SECRET: clientSecret,
      CMS_GITHUB_OAUTH_URL: github.url,
      CMS_GITHUB_API_URL: github.url,
      CMS_GITHUB_REPO: repo,
    });
    onCleanup(() => service.close());
    return service;
  });
