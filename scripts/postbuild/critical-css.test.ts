import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { criticalCssInliner } from "./critical-css.mjs";

const siteRoot = mkdtempSync(join(tmpdir(), "critical-css-"));
afterAll(() => rmSync(siteRoot, { recursive: true, force: true }));

mkdirSync(join(siteRoot, "assets"));
writeFileSync(
  join(siteRoot, "assets", "site.css"),
  [
    "h1{color:navy}",
    ".unused-elsewhere{color:red}",
    // As Lightning CSS writes the header's icon swap.
    "@media (width<=768px){:is(.x_menuButton:has(+.x_links:popover-open) .x_menuIcon,",
    ".x_menuButton:not(:has(+.x_links:popover-open)) .x_closeIcon){display:none}}",
  ].join(""),
);
const page = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/site.css"/></head>',
  '<body><h1>Hello</h1><button class="x_menuButton"><svg class="x_menuIcon"></svg><svg class="x_closeIcon"></svg></button>',
  '<ul class="x_links" popover="auto"></ul></body></html>',
].join("");

describe("criticalCssInliner", async () => {
  const html = await criticalCssInliner(siteRoot)(page);
  const head = html.slice(0, html.indexOf("</head>"));
  const body = html.slice(html.indexOf("<body>"));

  it("inlines the rules the page uses into its head, and only those", () => {
    expect(head).toMatch(/<style>[^<]*h1\{color:navy\}/);
    expect(head).not.toContain("unused-elsewhere");
  });

  it("keeps the menu icon rules that depend on the popover's open state", () => {
    expect(head).toMatch(/\.x_menuIcon,[^{]*\.x_closeIcon\)\{display:none\}/);
  });

  it("moves the stylesheet to the end of the body, loading without script", () => {
    expect(head).not.toContain('rel="stylesheet"');
    expect(body).toMatch(/<link rel="stylesheet" href="\/assets\/site.css"\/?><\/body>/);
    expect(html).not.toMatch(/onload|<script|<noscript/);
  });
});
