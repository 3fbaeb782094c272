import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { text as bodyOf } from "node:stream/consumers";
import { listenOnLoopback } from "./loopback-listener";

// GitHub as the editor's sign-in sees it, on loopback: the authorize step (a page that plays the
// editor agreeing, for a browser; or the test doing so), the token endpoint with PKCE, and the
// repository API: its permissions, and what the editor reads of the repository once signed in.

export const clientId = "editor-app-id";
export const clientSecret = "editor-app-secret-never-in-a-page";
export const goodCode = "code-from-github";
export const token = "gho_editors-own-token";
/** A GitHub user who may read the repository but not push to it. */
export const readerCode = "code-for-a-reader";
export const readerToken = "gho_readers-own-token";
export const repo = "amanzi-meters/website";

/** A file's blob id, as git and GitHub name it. */
const blobSha = (text: string) =>
  createHash("sha1")
    .update(`blob ${Buffer.byteLength(text)}\0${text}`)
    .digest("hex");

/** The repository's one commit on its branch, as the editor is told of it. */
const headCommit = { oid: "0123456789abcdef0123456789abcdef01234567", message: "Content" };
const author = { name: "Site editor", email: "editor@amanzi-meters.example" };

/**
 * Plays GitHub on loopback: its authorize step, token endpoint and repository API. `files`
 * (path: text) is the repository's branch as the editor reads it, through the REST and GraphQL
 * calls Sveltia CMS makes once it has a token; GitHub's API answers any origin (CORS).
 */
export async function startGitHubStandIn(files: Record<string, string> = {}) {
  const exchanges: Record<string, string>[] = [];
  /** Codes GitHub issued, with the PKCE challenge each was issued for. */
  const issued = new Map<string, string>();
  /** The authorize pages a browser opened. */
  const authorizePages: URL[] = [];
  const blobs = new Map(Object.values(files).map((text) => [blobSha(text), text]));

  /** The editor agrees on GitHub's page: GitHub issues a code bound to the PKCE challenge. */
  function authorize(location: URL, code = goodCode) {
    issued.set(code, location.searchParams.get("code_challenge") ?? "");
    return code;
  }

  /** Sveltia's GraphQL queries: the branch's last commit, and files' texts and histories. */
  function graphql(query: string) {
    const repository: Record<string, unknown> = {};
    for (const [, alias, oid] of query.matchAll(/(\w+): object\(oid: "(\w+)"\)/g)) {
      repository[alias as string] = { text: blobs.get(oid as string) ?? null, isTruncated: false };
    }
    for (const [, alias] of query.matchAll(/(\w+): ref\(qualifiedName: \$branch\)/g)) {
      const node = { author: { ...author, user: null }, committedDate: "2026-11-01T08:00:00Z" };
      repository[alias as string] = { target: { history: { nodes: [node] } } };
    }
    if (/^\s*query[^{]*\{\s*repository[^{]*\{\s*ref\(/.test(query)) {
      repository.ref = { target: { oid: headCommit.oid, history: { nodes: [headCommit] } } };
    }
    return { data: { repository } };
  }

  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-headers": "authorization, content-type, accept",
    "access-control-allow-methods": "GET, POST",
  };
  const server = createServer(async (request, response) => {
    const sent = await bodyOf(request);
    const url = new URL(request.url ?? "/", "http://stand-in");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", ...cors });
      response.end(JSON.stringify(body));
    };
    const at = `${request.method} ${url.pathname}`;
    if (request.method === "OPTIONS") {
      response.writeHead(204, cors).end();
      return;
    }
    if (at === "GET /login/oauth/authorize") {
      authorizePages.push(url);
      const back = url.searchParams.get("redirect_uri") ?? "";
      if (url.searchParams.get("client_id") !== clientId || !back) return json(400, {});
      const answer = new URL(back);
      answer.searchParams.set("code", authorize(url));
      answer.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(302, { location: answer.toString() }).end();
      return;
    }
    if (at === "POST /login/oauth/access_token") {
      const body = Object.fromEntries(new URLSearchParams(sent));
      exchanges.push(body);
      const challenge = issued.get(body.code ?? "");
      const verified =
        challenge !== undefined &&
        createHash("sha256")
          .update(body.code_verifier ?? "")
          .digest("base64url") === challenge;
      const valid = body.client_id === clientId && body.client_secret === clientSecret && verified;
      if (valid) issued.delete(body.code ?? "");
      return json(
        200,
        valid
          ? { access_token: body.code === readerCode ? readerToken : token, token_type: "bearer" }
          : { error: "bad_verification_code" },
      );
    }
    // Our server sends "Bearer", the editor GitHub's older "token".
    const bearer = request.headers.authorization?.replace(/^(Bearer|token) /, "");
    if (bearer !== token && bearer !== readerToken) return json(401, {});
    if (at === `GET /repos/${repo}`) {
      return json(200, { full_name: repo, permissions: { pull: true, push: bearer === token } });
    }
    if (at === "GET /user") {
      return json(200, { id: 1, login: "site-editor", name: author.name, email: author.email });
    }
    if (at.startsWith(`GET /repos/${repo}/collaborators/`)) {
      return json(bearer === token ? 204 : 404, {});
    }
    if (at.startsWith(`GET /repos/${repo}/git/trees/`)) {
      const tree = Object.entries(files).map(([path, text]) => ({
        path,
        type: "blob",
        sha: blobSha(text),
        size: Buffer.byteLength(text),
      }));
      return json(200, { sha: headCommit.oid, tree, truncated: false });
    }
    if (at === "POST /graphql") return json(200, graphql(JSON.parse(sent).query));
    json(404, { message: "Not Found" });
  });
  const listener = await listenOnLoopback(server);
  const url = `http://127.0.0.1:${listener.port}`;
  return {
    url,
    /** The service's settings that send the editor's sign-in, and its calls to GitHub, here. */
    settings: {
      CMS_GITHUB_CLIENT_ID: clientId,
      CMS_GITHUB_CLIENT_SECRET: clientSecret,
      CMS_GITHUB_OAUTH_URL: url,
      CMS_GITHUB_REPO: repo,
    },
    exchanges,
    authorizePages,
    authorize,
    close: listener.close,
  };
}
