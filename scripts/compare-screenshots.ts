// What the pages look like, before and after a change that should not show (decision 0023):
// full-page screenshots of every page at 375 and 1280 px from a built site, and a pixel-wise
// comparison of two such sets. Debian's Chromium draws both sets and compares them itself (two
// canvases), so no image library is needed.
//
//   npx tsx scripts/compare-screenshots.ts capture SITE_ROOT OUT_DIR   e.g. build-bench/client
//   npx tsx scripts/compare-screenshots.ts compare BEFORE_DIR AFTER_DIR
//
// `compare` prints one row per screenshot and exits non-zero when any pixel differs.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { pageList } from "../app/content/page-list.ts";
import { chromiumArgs, chromiumPath } from "../tests/support/browsers.ts";
import { spawnServer } from "../tests/support/server-process.ts";
import { DESKTOP, MOBILE } from "../tests/support/widths.ts";

async function capture(browser: Browser, siteRoot: string, outDir: string) {
  mkdirSync(outDir, { recursive: true });
  const server = await spawnServer({
    SITE_ROOT: siteRoot,
    DATABASE_URL: `file:${join(mkdtempSync(join(tmpdir(), "screens-")), "enquiries.db")}`,
  });
  try {
    for (const viewport of [MOBILE, DESKTOP]) {
      const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
      const page = await context.newPage();
      await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      // The pages show Inter only if it arrives within a short block period (font-display:
      // optional), which a busy machine sometimes misses: the screenshots wait for it instead.
      await page.route(
        (url) => url.origin === server.baseUrl,
        async (route) => {
          if (route.request().resourceType() !== "document") return route.fallback();
          const response = await route.fetch();
          const body = (await response.text()).replaceAll(
            "font-display:optional",
            "font-display:block",
          );
          return route.fulfill({ response, body });
        },
      );
      for (const { id, path } of pageList) {
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
        // Every block drawn, whether or not the page defers drawing the ones off screen: a full
        // page screenshot would otherwise show the skipped ones empty, before and after alike.
        await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
        // And every picture loaded, the lazy ones far below the first screen too.
        await page.evaluate(() =>
          Promise.all(
            [...document.images].map((image) => {
              image.loading = "eager";
              return image.decode();
            }),
          ),
        );
        await page.waitForLoadState("networkidle");
        await page.screenshot({
          path: join(outDir, `${id}-${viewport.width}.png`),
          fullPage: true,
          animations: "disabled",
          caret: "hide",
        });
      }
      await context.close();
    }
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
}

type Difference = { width: number; height: number; sameSize: boolean; differentPixels: number };

async function compare(browser: Browser, beforeDir: string, afterDir: string) {
  const page = await browser.newPage();
  const rows = [];
  for (const name of readdirSync(beforeDir).filter((file) => file.endsWith(".png"))) {
    const png = (dir: string) =>
      `data:image/png;base64,${readFileSync(join(dir, name)).toString("base64")}`;
    const difference: Difference = await page.evaluate(
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
        let differentPixels = 0;
        if (sameSize) {
          for (let i = 0; i < a.data.length; i += 4) {
            if (
              a.data[i] !== b.data[i] ||
              a.data[i + 1] !== b.data[i + 1] ||
              a.data[i + 2] !== b.data[i + 2] ||
              a.data[i + 3] !== b.data[i + 3]
            )
              differentPixels++;
          }
        }
        return { width: b.width, height: b.height, sameSize, differentPixels };
      },
      { before: png(beforeDir), after: png(afterDir) },
    );
    rows.push({ screenshot: name, ...difference });
  }
  console.table(rows);
  const changed = rows.filter((row) => !row.sameSize || row.differentPixels > 0);
  if (changed.length > 0) {
    console.log(`${changed.length} of ${rows.length} screenshots differ.`);
    process.exitCode = 1;
  } else {
    console.log(`All ${rows.length} screenshots are identical, pixel for pixel.`);
  }
}

const [command, first, second] = process.argv.slice(2);
if (!first || !second || (command !== "capture" && command !== "compare")) {
  console.error("usage: compare-screenshots.ts capture SITE_ROOT OUT_DIR | compare BEFORE AFTER");
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  if (command === "capture") await capture(browser, first, second);
  else await compare(browser, first, second);
} finally {
  await browser.close();
}
