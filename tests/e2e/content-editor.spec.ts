import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { parse, stringify } from "yaml";
import { cmsConfig, editorFilesOf } from "../../app/content/cms-config";
import { contentFileOf, pageList } from "../../app/content/page-list";
import { siteShellFileName } from "../../app/content/schemas";
import {
  getInTouch,
  pageFile,
  placeholders,
  sitePages as readSitePages,
  shellFile,
  sitePage,
  siteProducts,
  siteSettings,
} from "../../app/content/site-content";
import { readSettings } from "../../contract/settings-source";
import { clientBuildDir } from "../support/client-build";
import { repo, startGitHubStandIn } from "../support/github-stand-in";
import { startTestService, type TestService } from "../support/test-service";

// The content editor at /admin (Sveltia CMS) in the production build: under its own policy, and
// editing a local copy of the repository the way `npm run cms` does ("Work with Local
// Repository"), with the browser's private file system standing in for the project folder;
// and signing in with GitHub through its popup, with GitHub played by a stand-in on loopback.

const contentDir = resolve(import.meta.dirname, "../../app/content");
/** The pages' files and the shell's, with the titles the editor lists them by. */
const contentSchemas = Object.fromEntries(
  Object.entries(editorFilesOf(pageList)).filter(
    ([name]) => name === siteShellFileName || pageList.some((page) => contentFileOf(page) === name),
  ),
);
const sitePages = readSitePages();

const originals: Record<string, string> = Object.fromEntries(
  readdirSync(contentDir)
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => [name, readFileSync(join(contentDir, name), "utf8")]),
);

/** Opens the editor on a copy of the content files, as a folder picked on this machine. */
async function openLocalRepository(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  await page.addInitScript(() => {
    Object.assign(window, { showDirectoryPicker: () => navigator.storage.getDirectory() });
  });
  await page.goto("/admin");
  await page.evaluate(async (files) => {
    const root = await navigator.storage.getDirectory();
    await root.getDirectoryHandle(".git", { create: true });
    const app = await root.getDirectoryHandle("app", { create: true });
    const content = await app.getDirectoryHandle("content", { create: true });
    for (const [name, text] of Object.entries(files)) {
      const writable = await (await content.getFileHandle(name, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, originals);
  await page.getByRole("button", { name: "Work with Local Repository" }).click({ timeout: 20_000 });
}

async function savedFile(page: Page, name: string): Promise<string> {
  return page.evaluate(async (file) => {
    const root = await navigator.storage.getDirectory();
    const content = await (await root.getDirectoryHandle("app")).getDirectoryHandle("content");
    return (await (await content.getFileHandle(file)).getFile()).text();
  }, name);
}

async function openEntry(page: Page, label: string) {
  await page.getByRole("gridcell", { name: label, exact: true }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
}

/** The editor's input for a field, found by its label inside the named group of fields. */
const field = (page: Page, label: string) =>
  page.getByRole("textbox", { name: label, exact: true }).first();

test.describe("the built editor at /admin", () => {
  test("has its own policy, says noindex in its HTML, and starts under that policy, its icons drawn", async ({
    page,
    request,
  }) => {
    const response = await request.get("/admin");
    const policy = response.headers()["content-security-policy"] ?? "";
    expect(policy).toContain("script-src 'self';");
    expect(policy).toMatch(/connect-src 'self'[^;]* https:\/\/api\.github\.com/);
    expect(policy).not.toMatch(/'unsafe-inline'[^;]*;.*script-src|script-src[^;]*'unsafe-/);
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow">');

    // Every refusal of the policy, as the page hears of it.
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.assign(window, { refused });
      document.addEventListener("securitypolicyviolation", (event) =>
        refused.push(`${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await openLocalRepository(page);
    // The editor ran: it read its configuration and lists the content files.
    await expect(page.getByRole("gridcell", { name: "Home page", exact: true })).toBeVisible();
    // Its icons are drawn from its icon font, as glyphs about a letter wide, not as their names.
    const icons = page.locator(".material-symbols-outlined").filter({ visible: true });
    await expect(icons.first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const drawn = await icons.evaluateAll((all) =>
      all.map((icon) => {
        const size = Number.parseFloat(getComputedStyle(icon).fontSize);
        return { name: icon.textContent, width: icon.getBoundingClientRect().width / size };
      }),
    );
    expect(drawn.filter((icon) => icon.width > 1.5)).toEqual([]);
    expect(await page.evaluate(() => (window as { refused?: string[] }).refused)).toEqual([]);
  });

  // The sitemap lists the site's routes and nothing else: shell.spec.ts.
  test("is configured from the content schemas and this build's settings, as its own routes serve it, and no page, sitemap or robots.txt welcomes it", async ({
    request,
  }) => {
    for (const { path } of sitePages) {
      expect(await (await request.get(path)).text(), path).not.toContain("/admin");
    }
    expect(await (await request.get("/robots.txt")).text()).toMatch(/^Disallow: \/admin$/m);

    const config = await request.get("/admin/config.yml");
    expect(config.headers()["content-type"]).toMatch(/yaml/);
    const settings = readSettings();
    expect(parse(await config.text())).toEqual(
      cmsConfig({
        repo: settings.CMS_GITHUB_REPO,
        branch: settings.CMS_GITHUB_BRANCH,
        siteUrl: settings.VITE_SITE_URL,
      }),
    );

    // What the preview needs beside the entry: the placeholders' values as the build fills them,
    // and the words and products a product's, document's or study's page shows around it.
    const preview = await request.get("/admin/preview.json");
    expect(await preview.json()).toMatchObject({
      placeholders: placeholders(),
      supportEmail: siteSettings().VITE_SUPPORT_EMAIL,
      getInTouch: getInTouch(),
      productPage: shellFile().productPage,
      products: siteProducts().map(({ slug, path, page }) => ({ slug, path, page })),
    });
  });

  test("previews a page with the site's own blocks and styles, as it is typed, at phone and computer width", async ({
    page,
  }) => {
    await openLocalRepository(page);
    await openEntry(page, "Home page");
    await field(page, "Heading").fill("{companyName} counts every drop");
    const heading = `${placeholders().companyName} counts every drop`;
    const home = sitePage("home", "product");
    const pane = page.frameLocator("iframe").first();
    for (const [frameTitle, width, narrow] of [
      ["On a phone: preview", 375, true],
      ["On a computer: preview", 1280, false],
    ] as const) {
      const preview = pane.frameLocator(`iframe[title="${frameTitle}"]`);
      // The placeholder is filled as the build fills it.
      const h1 = preview.getByRole("heading", { level: 1, name: heading, exact: true });
      await expect(h1, frameTitle).toBeVisible();
      // The site's CSS and font reached the preview: asked for the heading's font, it loads
      // Inter's files from our origin. (Asked, not awaited from drawing: a frame scrolled out of
      // the pane may not be drawn yet.)
      await expect
        .poll(
          () =>
            h1.evaluate(async (element) =>
              (await document.fonts.load(getComputedStyle(element).font, element.textContent ?? ""))
                .filter((face) => face.status === "loaded")
                .map((face) => face.family),
            ),
          { message: frameTitle },
        )
        .toEqual(expect.arrayContaining([expect.stringMatching(/Inter/)]));
      await expect(preview.getByRole("img", { name: /./ }).first()).toBeVisible();
      // The page is laid out at the frame's width, so the site's own breakpoint applies.
      expect(
        await h1.evaluate(() => ({
          width: window.innerWidth,
          narrow: matchMedia("(width <= 768px)").matches,
        })),
        frameTitle,
      ).toEqual({ width, narrow });
      // Drawn by the site's own blocks: the preview shows what the built page shows, in the same
      // order, but for the heading being typed.
      const shown = (locator: Locator) =>
        locator.evaluate((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim());
      const live = await page.context().newPage();
      await live.goto(home.path);
      const onThePage = await shown(live.getByRole("main"));
      await live.close();
      expect(onThePage).toContain(home.file.hero.heading);
      expect(await shown(preview.getByRole("main")), frameTitle).toBe(
        onThePage.replace(home.file.hero.heading, heading),
      );
    }
  });

  test("saves every entry as it stands, changing only the line that was edited", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openLocalRepository(page);
    const work = mkdtempSync(join(tmpdir(), "content-editor-"));
    try {
      for (const [name, { title }] of Object.entries(contentSchemas)) {
        await openEntry(page, title);
        const first = page.getByRole("textbox").first();
        const before = await first.inputValue();
        await first.fill(`${before} (edited)`);
        await page.getByRole("button", { name: "Save" }).click();
        // (A file being written cannot be read: read again.)
        await expect
          .poll(() => savedFile(page, name).catch(() => originals[name]), { message: name })
          .not.toBe(originals[name]);

        const saved = await savedFile(page, name);
        const was = (originals[name] ?? "").split("\n");
        const now = saved.split("\n");
        expect(now.length, name).toBe(was.length);
        expect(
          now.filter((line, index) => line !== was[index]),
          name,
        ).toEqual([expect.stringContaining(`${before} (edited)`)]);
        writeFileSync(join(work, name), saved);
        // Saving returns to the list of entries.
        await expect(page.getByRole("gridcell", { name: title, exact: true })).toBeVisible();
      }
      // What the editor wrote passes the build's own check of every content file.
      process.env.CONTENT_DIR = work;
      try {
        expect([...pageList.map((page) => pageFile(page)), shellFile()]).toHaveLength(
          Object.keys(contentSchemas).length,
        );
      } finally {
        delete process.env.CONTENT_DIR;
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

test.describe("signing in with GitHub", () => {
  let github: Awaited<ReturnType<typeof startGitHubStandIn>>;
  let service: TestService;

  test.beforeAll(async () => {
    // The repository GitHub holds: the content files, where the editor's configuration says.
    github = await startGitHubStandIn(
      Object.fromEntries(
        Object.entries(originals).map(([name, text]) => [`app/content/${name}`, text]),
      ),
    );
    service = await startTestService({
      SITE_ROOT: clientBuildDir,
      LOG_LEVEL: "warn",
      ...github.settings,
    });
  });

  test.afterAll(async () => {
    await service?.close();
    await github?.close();
  });

  test("signs in through its popup, which comes back from GitHub's origin and hands the editor its token", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // GitHub's authorize step is another origin than ours (another port), as github.com is: a
    // popup that goes there and back keeps its opener only if the editor's opener policy lets it.
    expect(new URL(github.url).origin).not.toBe(new URL(service.baseUrl).origin);

    // The build names the site's public origin for the sign-in; served here from loopback, the
    // editor is given this server's origin, as a build for it would be, and the stand-in's
    // repository.
    await page.route(
      (url) => url.pathname === "/admin/config.yml",
      async (route) => {
        const response = await route.fetch();
        const config = parse(await response.text()) as { backend: Record<string, unknown> };
        Object.assign(config.backend, { base_url: service.baseUrl, repo });
        await route.fulfill({ response, body: stringify(config) });
      },
    );
    // GitHub's API, which the editor's policy lets it call, is the stand-in too.
    await page.route("https://api.github.com/**", async (route) => {
      const { pathname, search } = new URL(route.request().url());
      await route.fulfill({
        response: await route.fetch({ url: `${github.url}${pathname}${search}` }),
      });
    });
    await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|api\.github\.com\/)/, (route) =>
      route.abort(),
    );

    await page.goto(`${service.baseUrl}/admin`);
    const popupOpened = page.waitForEvent("popup");
    await page
      .getByRole("button", { name: /^Sign In with \u2068?GitHub\u2069?$/ })
      .click({ timeout: 20_000 });
    const popup = await popupOpened;

    // Signed in: the editor read the repository with the token its popup brought back. (A popup
    // that lost its opener on GitHub's origin looks closed to the editor, which gives up.)
    for (const { title } of Object.values(contentSchemas)) {
      await expect(
        page.getByRole("gridcell", { name: title, exact: true }),
        "the editor never got its token from the sign-in popup",
      ).toBeVisible({ timeout: 15_000 });
    }
    // The popup went by way of GitHub's authorize page, and the editor closed it once answered.
    expect(github.authorizePages).toHaveLength(1);
    await expect.poll(() => popup.isClosed()).toBe(true);
  });
});
