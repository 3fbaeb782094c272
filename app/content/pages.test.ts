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

/**
 * `all` narrowed to the members of `some`: equal to `some` when `all` holds each of them in the
 * same order. The requirements name the pages the site must have; a page added to the list
 * (docs/editing-the-site.md) comes on top, and its words are the editor's.
 */
const narrowed = (all: readonly string[], some: readonly string[]) =>
  all.filter((item) => some.includes(item));

describe("the page list", () => {
  it("holds the page table of the requirements (§2): its paths, in its order", () => {
    const paths = pageTable.map((row) => row.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(
      narrowed(
        sitePages.map((page) => page.path),
        paths,
      ),
    ).toEqual(paths);
    expect(new Set(sitePages.map((page) => page.id)).size).toBe(sitePages.length);
    expect(new Set(sitePages.map((page) => page.path)).size).toBe(sitePages.length);
  });

  it("renders every kind of page with a route module that exists", () => {
    for (const [kind, module] of Object.entries(routeModules)) {
      expect(existsSync(join(process.cwd(), "app", module)), kind).toBe(true);
    }
  });

  it("links in the header the pages §2 puts there, in its order", () => {
    const inHeader = pageTable.filter((row) => row.header).map((row) => row.path);
    expect(
      narrowed(
        headerLinks.map((link) => link.to),
        inHeader,
      ),
    ).toEqual(inHeader);
  });

  it("links in the footer the pages §2 puts there, in the order §3 gives", () => {
    const inFooter = pageTable.filter((row) => row.footer).map((row) => row.path);
    // §3.3 names the order in words: "in the order software, hardware, contact, privacy, terms".
    const order = section(3).match(/in the order\s+([\w\s,]+?),?\s+and\s/)?.[1];
    const ids = order?.split(",").map((id) => id.trim().split(/\s+/)[0]) ?? [];
    const paths = ids.map((id) => sitePage(id as PageId).path);
    expect(paths.toSorted()).toEqual(inFooter.toSorted());
    expect(
      narrowed(
        footerLinks.map((link) => link.to),
        paths,
      ),
    ).toEqual(paths);
  });
});
