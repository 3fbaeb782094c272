import { expect, it } from "vitest";
import { contentTypeOf } from "./content-types";

it.each([
  ["/contact/index.html", "text/html; charset=utf-8"],
  ["/assets/root-Ab12.js", "text/javascript; charset=utf-8"],
  ["/assets/root-Ab12.css", "text/css; charset=utf-8"],
  ["/manifest.webmanifest", "application/manifest+json"],
  ["/icon-192.png", "image/png"],
  ["/favicon.ico", "image/x-icon"],
  ["/favicon.svg", "image/svg+xml"],
  ["/assets/inter-latin.woff2", "font/woff2"],
  ["/robots.txt", "text/plain; charset=utf-8"],
  ["/sitemap.xml", "application/xml; charset=utf-8"],
  ["/share/HOME.PNG", "image/png"],
])("serves %s as %s", (path, type) => {
  expect(contentTypeOf(path)).toBe(type);
});

it("refuses a kind of file it has no type for, naming the file", () => {
  expect(() => contentTypeOf("/notes.md")).toThrow(/\/notes\.md.*content-types\.ts/);
});
