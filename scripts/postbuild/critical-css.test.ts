import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { criticalCssInliner } from "./critical-css";

const siteRoot = mkdtempSync(join(tmpdir(), "critical-css-"));
afterAll(() => rmSync(siteRoot, { recursive: true, force: true }));

mkdirSync(join(siteRoot, "assets"));
// As Lightning CSS writes the header's icon swap.
const iconSwap =
  "@media (width<=768px){:is(.x_menuButton:has(+.x_links:popover-open) .x_menuIcon,.x_menuButton:not(:has(+.x_links:popover-open)) .x_closeIcon){display:none}}";
writeFileSync(join(siteRoot, "assets", "site.css"), `h1{color:navy}a:hover{color:red}${iconSwap}`);
writeFileSync(join(siteRoot, "assets", "page.css"), ".x_card{margin:0}");
const page = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"/>',
  '<link rel="stylesheet" href="/assets/page.css"/></head>',
  '<body><h1>Hello</h1><button class="x_menuButton"><svg class="x_menuIcon"></svg><svg class="x_closeIcon"></svg></button>',
  '<ul class="x_links" popover="auto"></ul></body></html>',
].join("");

describe("criticalCssInliner", async () => {
  const html = await criticalCssInliner(siteRoot)(page);
  const head = html.slice(0, html.indexOf("</head>"));

  it("puts every stylesheet whole into the head, in order, including rules no element matches yet", () => {
    const styles = [...head.matchAll(/<style>(.*?)<\/style>/g)].map((match) => match[1]);
    expect(styles).toEqual([`h1{color:navy}a:hover{color:red}${iconSwap}.x_card{margin:0}`]);
  });

  it("leaves no stylesheet to download and adds no script", () => {
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toMatch(/onload|<script|<noscript/);
  });
});
