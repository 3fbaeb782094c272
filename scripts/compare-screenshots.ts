// What visitors see, before and after a change that should not show (decision 0023): full-page
// screenshots of every page at 375 and 1280 px and the text each page shows, from a built
// site (served by our server) or a running one (its origin); then two such sets compared. Debian's
// Chromium draws both sets and compares the pixels itself (two canvases): no image library.
//
//   npx tsx scripts/compare-screenshots.ts capture SITE_ROOT|ORIGIN OUT_DIR
//   npx tsx scripts/compare-screenshots.ts compare BEFORE_DIR AFTER_DIR
//
// `compare` prints one row per screenshot and its page's text; exits non-zero if any differs.
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
      // The page's policy would refuse the changed styles.
      const page = await browser.newPage({ viewport, reducedMotion: "reduce", bypassCSP: true });
      await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      // Inter shows only if it arrives within a short block period (font-display: optional),
      // which a busy machine sometimes misses: the screenshots wait for it instead.
      await page.route(`${origin}/**`, async (route) => {
        if (route.request().resourceType() !== "document") return route.fallback();
        const response = await route.fetch();
        const body = (await response.text()).replaceAll("display:optional", "display:block");
        return route.fulfill({ response, body });
      });
      for (const { id, path } of pageList) {
        await page.goto(`${origin}${path}`, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
        await page.waitForLoadState("networkidle");
        const name = join(outDir, `${id}-${viewport.width}`);
        await page.screenshot({ path: `${name}.png`, fullPage: true, animations: "disabled" });
        // The words the page shows, one run of spaces as one.
        const text = await page.locator("body").innerText();
        writeFileSync(`${name}.txt`, `${text.replace(/\s+/g, " ").trim()}\n`);
      }
      await page.close();
    }
  } finally {
    server?.child.kill("SIGTERM");
    await server?.exited;
  }
}

async function compare(browser: Browser, beforeDir: string, afterDir: string) {
  const page = await browser.newPage();
  const read = (dir: string, file: string) => readFileSync(join(dir, file));
  const rows = [];
  for (const name of readdirSync(beforeDir).filter((file) => file.endsWith(".png"))) {
    const pngs = [beforeDir, afterDir].map((dir) => read(dir, name).toString("base64"));
    const pixels = await page.evaluate(async (sources) => {
      const [a, b] = await Promise.all(
        sources.map(async (source) => {
          const png = await fetch(`data:image/png;base64,${source}`);
          const image = await createImageBitmap(await png.blob());
          const context = new OffscreenCanvas(image.width, image.height).getContext("2d");
          context?.drawImage(image, 0, 0);
          return context?.getImageData(0, 0, image.width, image.height);
        }),
      );
      if (!a || !b) throw new Error("no 2d canvas");
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const [sizeA, sizeB] = [a, b].map((image) => `${image.width}x${image.height}`);
      if (sizeA !== sizeB) return { size: `${sizeA} → ${sizeB}`, differentPixels: 0 };
      // One 32-bit number per pixel (RGBA).
      const [x, y] = [a, b].map((image) => new Uint32Array(image.data.buffer));
      const differentPixels = x?.filter((pixel, i) => pixel !== y?.[i]).length ?? 0;
      return { size: "same", differentPixels };
    }, pngs);
    const [before = "", after = ""] = [beforeDir, afterDir].map((dir) =>
      read(dir, name.replace(".png", ".txt")).toString(),
    );
    let at = 0;
    while (at < before.length && before[at] === after[at]) at++;
    const text =
      before === after
        ? "same"
        : `differs at ${at}: "${before.slice(at, at + 60)}" → "${after.slice(at, at + 60)}"`;
    rows.push({ screenshot: name, ...pixels, text });
  }
  console.table(rows);
  const changed = rows.filter(
    (row) => row.size !== "same" || row.differentPixels > 0 || row.text !== "same",
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
  console.error("usage: capture SITE_ROOT|ORIGIN OUT_DIR | compare BEFORE_DIR AFTER_DIR");
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  if (command === "capture") await capture(browser, first, second);
  else await compare(browser, first, second);
} finally {
  await browser.close();
}
