import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { parse } from "yaml";
import { sitePage, sitePages } from "../../app/content/pages";
import { freePort } from "../support/free-port";
import { waitFor } from "../support/wait-for";

// The content editor at /admin (Decap CMS): in the production build under its own policy, and on
// a workstation (`npm run cms`) writing content files through decap-server on loopback.

const projectRoot = resolve(import.meta.dirname, "../..");

test.describe("the built editor at /admin", () => {
  test("has its own policy, says noindex, and starts under that policy", async ({
    page,
    request,
  }) => {
    const response = await request.get("/admin");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
    const policy = headers["content-security-policy"] ?? "";
    expect(policy).toContain("script-src 'self' 'unsafe-eval'");
    expect(policy).toContain("connect-src 'self' https://api.github.com");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow">');

    // The pages keep the site's strict policy, without the editor's allowances.
    const home = await request.get(sitePage("home").path);
    expect(home.headers()["content-security-policy"]).not.toContain("unsafe-eval");
    expect(home.headers()["x-robots-tag"]).toBeUndefined();

    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await page.goto("/admin");
    // Decap ran: it fetched and checked its configuration and drew its own screen.
    await expect(page.locator("#nc-root")).not.toBeEmpty({ timeout: 20_000 });
    expect(violations).toEqual([]);
  });

  test("is in no page's HTML and not in the sitemap", async ({ request }) => {
    for (const { path } of sitePages) {
      expect(await (await request.get(path)).text(), path).not.toContain("/admin");
    }
    const sitemap = await request.get("/sitemap.xml");
    expect(await sitemap.text()).not.toContain("/admin");
    expect(await (await request.get("/robots.txt")).text()).toMatch(/^Disallow: \/admin$/m);
  });
});

test.describe("editing on a workstation (npm run cms)", () => {
  // A dev server, decap-server and a production build of the changed copy.
  test.setTimeout(240_000);

  let work: string;
  let cms: ChildProcess | undefined;

  test.beforeAll(() => {
    // A copy of the content, so the working tree's files are never changed.
    work = mkdtempSync(join(tmpdir(), "content-editor-"));
    cpSync(join(projectRoot, "app/content"), join(work, "app/content"), {
      recursive: true,
      filter: (source) => !/\.tsx?$/.test(source),
    });
  });

  test.afterAll(() => {
    // The npm script and both of its servers: the process group started for this test.
    if (cms?.pid && cms.exitCode === null) process.kill(-cms.pid, "SIGTERM");
    rmSync(work, { recursive: true, force: true });
  });

  test("changes the home hero heading in the file and in the rebuilt home page", async ({
    page,
  }) => {
    const [devPort, backendPort] = [await freePort(), await freePort()];
    let output = "";
    cms = spawn("npm", ["run", "cms", "--", "--port", String(devPort), "--host", "127.0.0.1"], {
      cwd: projectRoot,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        CMS_LOCAL_PORT: String(backendPort),
        GIT_REPO_DIRECTORY: work,
        CONTENT_DIR: join(work, "app/content"),
      },
    });
    for (const stream of [cms.stdout, cms.stderr]) {
      stream?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
      });
    }
    const admin = `http://127.0.0.1:${devPort}/admin`;
    await waitFor(
      `the dev server and decap-server\n${output}`,
      async () => {
        const ready = await Promise.all([
          fetch(`${admin}/config.yml`).then(
            (r) => r.ok,
            () => false,
          ),
          fetch(`http://127.0.0.1:${backendPort}/api/v1`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ action: "info" }),
          }).then(
            (r) => r.ok,
            () => false,
          ),
        ]);
        return ready.every(Boolean) || undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );

    const heading = "Every drop, counted and in your hands";
    await page.goto(admin);
    await page.getByRole("button", { name: "Login" }).click({ timeout: 30_000 });
    await page.getByRole("link", { name: "Home page" }).click();
    const headingField = page.getByLabel("Heading", { exact: true }).first();
    await expect(headingField).toHaveValue("Real time control of your water");
    await headingField.fill(heading);
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByRole("menuitem", { name: "Publish now" }).click();

    const file = join(work, "app/content/home.yaml");
    await waitFor(
      "the saved file",
      () => (parse(readFileSync(file, "utf8")).hero.heading === heading ? true : undefined),
      { timeoutMs: 15_000, intervalMs: 200 },
    );

    // The real build, from the changed copy. Its server half must resolve the project's
    // packages, so it is built inside the project, in a build-* folder of its own.
    const buildDir = join(projectRoot, `build-${basename(work)}`);
    try {
      await promisify(execFile)("npx", ["react-router", "build"], {
        cwd: projectRoot,
        env: { ...process.env, CONTENT_DIR: join(work, "app/content"), BUILD_DIR: buildDir },
        timeout: 180_000,
      });
      const home = readFileSync(join(buildDir, "client/index.html"), "utf8");
      expect(home).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }
  });
});
