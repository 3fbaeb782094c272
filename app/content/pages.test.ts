import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { footerLinks, headerLinks, sitePage, sitePages } from "./pages";

describe("the page list", () => {
  it("holds the six routes of the requirements, each once", () => {
    expect(sitePages.map((page) => page.path)).toEqual([
      "/",
      "/hardware",
      "/software",
      "/contact",
      "/privacy",
      "/terms",
    ]);
    expect(new Set(sitePages.map((page) => page.id)).size).toBe(sitePages.length);
    expect(new Set(sitePages.map((page) => page.title)).size).toBe(sitePages.length);
  });

  it("points every page at a route module that exists", () => {
    for (const page of sitePages) {
      expect(existsSync(join(process.cwd(), "app", page.routeModule)), page.id).toBe(true);
    }
  });

  it("links Home, Hardware, Software and Contact in the header", () => {
    expect(headerLinks.map((link) => link.to)).toEqual(["/", "/hardware", "/software", "/contact"]);
  });

  it("links software, hardware, contact, privacy and terms in the footer", () => {
    expect(footerLinks.map((link) => link.to)).toEqual([
      "/software",
      "/hardware",
      "/contact",
      "/privacy",
      "/terms",
    ]);
  });

  it("finds a page by its id", () => {
    expect(sitePage("contact").path).toBe("/contact");
  });
});
