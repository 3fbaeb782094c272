// What visitors see, before and after a change that should not show (decision 0023): full-page
// screenshots of every page at 375 and 1280 px and the text of each page's <body>, from a built
// site (served by our server) or a running one (its origin); then two such sets compared. Debian's
// Chromium draws both sets and compares the pixels itself (two canvases): no image library.
//
//   npx tsx scripts/compare-screenshots.ts capture SITE_ROOT|ORIGIN OUT_DIR
//   npx tsx scripts/compare-screenshots.ts compare BEFORE_DIR AFTER_DIR
//
// `compare` prints one row per screenshot and per page's text; exits non-zero if any differs.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { pageList } from "../app/content/page-list.ts";
import { chromiumArgs, chromiumPath } from "../tests/support/browsers.ts";
import { spawnServer } from "../tests/support/server-process.ts";
import { DESKTOP, MOBILE } from "../tests/support/widths.ts";

async function capture(browser: Browser, site: string, outDir: string) {
  mkdirSync(outDir, { recursive: true });
  const server = /^https?:/.test(site)
    ? undefined
    : await spawnServer({
        SITE_ROOT: site,
        DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "screens-")), "enquiries.db")}`,
      });
  const origin = server?.baseUrl ?? site;
  try {
    for (const viewport of [MOBILE, DESKTOP]) {
      // The page's policy would refuse the styles changed below.
      const context = await browser.newContext({
        viewport,
        reducedMotion: "reduce",
        bypassCSP: true,
      });
      const page = await context.newPage();
      await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      // Inter shows only if it arrives within a short block period (font-display: optional),
      // which a busy machine sometimes misses: the screenshots wait for it instead.
      await page.route(`${origin}/**`, async (route) => {
        if (route.request().resourceType() !== "document") return route.fallback();
        const response = await route.fetch();
        const body = (await response.text()).replaceAll(
          "font-display:optional",
          "font-display:block",
        );
        return route.fulfill({ response, body });
      });
      for (const { id, path } of pageList) {
        await page.goto(`${origin}${path}`, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
        // Every block drawn, the ones off screen too, which a page may skip until scrolled to.
        await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
        await page.waitForLoadState("networkidle");
        const name = join(outDir, `${id}-${viewport.width}`);
        await page.screenshot({
          path: `${name}.png`,
          fullPage: true,
          animations: "disabled",
          caret: "hide",
        });
        // The words of the page, scripts and styles aside, one run of spaces as one.
        const text = await page.evaluate(() => {
          const body = document.body.cloneNode(true) as HTMLElement;
          for (const element of body.querySelectorAll("script, style")) element.remove();
          return body.textContent?.replace(/\s+/g, " ").trim() ?? "";
        });
        writeFileSync(`${name}.txt`, `${text}\n`);
      }
      await context.close();
    }
  } finally {
    server?.child.kill("SIGTERM");
    await server?.exited;
  }
}

async function compare(browser: Browser, beforeDir: string, afterDir: string) {
  const page = await browser.newPage();
  const rows = [];
  for (const name of readdirSync(beforeDir).filter((file) => file.endsWith(".png"))) {
    const png = (dir: string) =>
      `data:image/png;base64,${readFileSync(join(dir, name)).toString("base64")}`;
    const difference = await page.evaluate(
      async ({ before, after }) => {
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const [a, b] = await Promise.all(
          [before, after].map(async (src) => {
            const image = new Image();
            image.src = src;
            await image.decode();
            const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
            const context = canvas.getContext("2d");
            if (!context) throw new Error("no 2d canvas");
            context.drawImage(image, 0, 0);
            return context.getImageData(0, 0, canvas.width, canvas.height);
          }),
        );
        if (!a || !b) throw new Error("no image");
        const sameSize = a.width === b.width && a.height === b.height;
        // One 32-bit number per pixel (RGBA).
        const [x, y] = [a, b].map((image) => new Uint32Array(image.data.buffer));
        let differentPixels = 0;
        for (let i = 0; sameSize && x && y && i < x.length; i++)
          if (x[i] !== y[i]) differentPixels++;
        return {
          before: `${a.width}x${a.height}`,
          after: `${b.width}x${b.height}`,
          sameSize,
          differentPixels,
        };
      },
      { before: png(beforeDir), after: png(afterDir) },
    );
    const text = (dir: string) => readFileSync(join(dir, name.replace(".png", ".txt")), "utf8");
    const [before, after] = [text(beforeDir), text(afterDir)];
    let at = 0;
    while (at < before.length && before[at] === after[at]) at++;
    const sameText =
      before === after
        ? "same"
        : `differs at ${at}: "${before.slice(at, at + 60)}" → "${after.slice(at, at + 60)}"`;
    rows.push({ screenshot: name, ...difference, text: sameText });
  }
  console.table(rows);
  const changed = rows.filter(
    (row) => !row.sameSize || row.differentPixels > 0 || row.text !== "same",
  );
  console.log(
    changed.length > 0
      ? `${changed.length} of ${rows.length} screenshots or texts differ.`
      : `All ${rows.length} screenshots are identical, pixel for pixel, and so is every text.`,
  );
  if (changed.length > 0) process.exitCode = 1;
}

const [command, first, second] = process.argv.slice(2);
if (!first || !second || (command !== "capture" && command !== "compare")) {
  console.error(
    "usage: compare-screenshots.ts capture SITE_ROOT|ORIGIN OUT_DIR | compare BEFORE AFTER",
  );
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  if (command === "capture") await capture(browser, first, second);
  else await compare(browser, first, second);
} finally {
  await browser.close();
}
