import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { routeModules } from "./page-list";
import { footerLinks, headerLinks, type PageId, sitePage, sitePages } from "./pages";

const requirements = readFileSync(join(process.cwd(), "docs", "requirements.md"), "utf8");

/** A section of docs/requirements.md, from its heading to the next. */
function section(number: number): string {
  const start = requirements.search(new RegExp(`^## ${number}\\. `, "m"));
  const end = requirements.indexOf("\n## ", start + 1);
  return requirements.slice(start, end === -1 ? undefined : end);
}

/** The rows of §2's page table: path, header link text, footer link text. */
const pageTable = section(2)
  .split("\n")
  .filter((line) => line.startsWith("| `"))
  .map((line) => {
    const [path = "", , header = "", footer = ""] = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim().replaceAll("`", ""));
    return { path, header, footer };
  });

describe("the page list", () => {
  it("is the page table of the requirements (§2): the same paths, in order", () => {
    expect(pageTable.length).toBeGreaterThan(0);
    expect(sitePages.map((page) => page.path)).toEqual(pageTable.map((row) => row.path));
    expect(new Set(sitePages.map((page) => page.id)).size).toBe(sitePages.length);
    expect(new Set(sitePages.map((page) => page.title)).size).toBe(sitePages.length);
  });

  it("renders every kind of page with a route module that exists", () => {
    for (const [kind, module] of Object.entries(routeModules)) {
      expect(existsSync(join(process.cwd(), "app", module)), kind).toBe(true);
    }
  });

  it("links in the header the pages §2 puts there, with its words", () => {
    const inHeader = pageTable.filter((row) => row.header);
    expect(headerLinks).toEqual(inHeader.map((row) => ({ label: row.header, to: row.path })));
  });

  it("links in the footer the pages §2 puts there, in the order §3 gives", () => {
    const footerLabel = new Map(pageTable.map((row) => [row.path, row.footer]));
    expect(footerLinks.every((link) => footerLabel.get(link.to) === link.label)).toBe(true);
    expect(footerLinks).toHaveLength(pageTable.filter((row) => row.footer).length);
    // §3.3 names the order in words: "in the order software, hardware, contact, privacy, terms".
    const order = section(3).match(/in the order\s+([\w\s,]+?),?\s+and\s/)?.[1];
    const ids = order?.split(",").map((id) => id.trim().split(/\s+/)[0]);
    expect(footerLinks.map((link) => link.to)).toEqual(
      ids?.map((id) => sitePage(id as PageId).path),
    );
  });
});
