import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { close, part, test } from "./server-test";
import { startTestService } from "./test-service";

// GitHub as the editor's sign-in sees it, on loopback: the authorize step (the test plays the
// editor agreeing), the token endpoint with PKCE, and the repository API's permissions.

export const clientId = "editor-app-id";
export const clientSecret = "editor-app-secret-never-in-a-page";
export const goodCode = "code-from-github";
export const token = "gho_editors-own-token";
/** A GitHub user who may read the repository but not push to it. */
export const readerCode = "code-for-a-reader";
export const readerToken = "gho_readers-own-token";
export const repo = "amanzi-meters/website";

/** Plays GitHub on loopback: its authorize step, token endpoint and repository API. */
export async function startGitHubStandIn() {
  const exchanges: Record<string, string>[] = [];
  /** Codes GitHub issued, with the PKCE challenge each was issued for. */
  const issued = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (request.method === "GET" && request.url === `/repos/${repo}`) {
        const bearer = request.headers.authorization?.replace(/^Bearer /, "");
        if (bearer !== token && bearer !== readerToken) return json(401, {});
        return json(200, { full_name: repo, permissions: { pull: true, push: bearer === token } });
      }
      if (request.method !== "POST" || request.url !== "/login/oauth/access_token") {
        response.writeHead(404).end();
        return;
      }
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      exchanges.push(body);
      const challenge = issued.get(body.code ?? "");
      const verified =
        challenge !== undefined &&
        createHash("sha256")
          .update(body.code_verifier ?? "")
          .digest("base64url") === challenge;
      const valid = body.client_id === clientId && body.client_secret === clientSecret && verified;
      if (valid) issued.delete(body.code ?? "");
      json(
        200,
        valid
          ? { access_token: body.code === readerCode ? readerToken : token, token_type: "bearer" }
          : { error: "bad_verification_code" },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("stand-in has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    exchanges,
    /** The editor agrees on GitHub's page: GitHub issues a code bound to the PKCE challenge. */
    authorize(location: URL, code = goodCode) {
      issued.set(code, location.searchParams.get("code_challenge") ?? "");
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
