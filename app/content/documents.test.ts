import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  builtDatasheetsOf,
  productDownloads,
  siteDocumentOf,
  uploadedDatasheetOf,
  withDocumentsPage,
} from "./documents";
import { footerLinksOf } from "./navigation";
import { documentFile } from "./schemas";
import { shellFile, sitePages, siteProducts } from "./site-content";

// A document as the editor writes one (app/content/fixtures/documents/), in a content folder of
// its own so each test can spoil its file.
const fixtures = join(import.meta.dirname, "fixtures", "documents");
const guide = documentFile.parse(
  parse(readFileSync(join(fixtures, "installation-guide.yaml"), "utf8")),
);
const dir = mkdtempSync(join(tmpdir(), "documents-"));
mkdirSync(join(dir, "documents", "files"), { recursive: true });
const folder = join(dir, "documents");
const file = join(folder, "files", "installation-guide.pdf");
const restore = () => copyFileSync(join(fixtures, "files", "installation-guide.pdf"), file);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a document", () => {
  it("is served under /assets/ by its content's hash, named by its title and version", () => {
    restore();
    const document = siteDocumentOf("installation-guide", guide, folder);
    expect(document.href).toMatch(
      /^\/assets\/documents\/[0-9a-f]{10}\/installation-guide-1-2\.pdf$/,
    );
    expect(document.bytes).toBeGreaterThan(0);
    expect(document.issued).toBe("2026-11-01");
    writeFileSync(file, "%PDF-1.4\n% another upload\n");
    expect(siteDocumentOf("installation-guide", guide, folder).href).not.toBe(document.href);
  });

  it.each([
    ["gone.pdf", "is missing", () => undefined],
    ["installation-guide.pdf", "is not a PDF", () => writeFileSync(file, "<html>not a PDF</html>")],
    ["installation-guide.pdf", "is 20.0 MB, over 20 MB", () => truncateSync(file, 20e6 + 1)],
  ])("stops the build, naming its entry, when its file %s %s", (name, problem, spoil) => {
    restore();
    spoil();
    expect(() => siteDocumentOf("installation-guide", { ...guide, file: name }, folder)).toThrow(
      `documents/installation-guide.yaml: its file ${name} ${problem}`,
    );
  });

  it("reads an issue date as the editor writes it, unquoted, and as content-files.ts parses it", () => {
    const written = { ...guide, ...parse("issued: 2026-11-01") };
    expect(documentFile.parse(written).issued).toBe("2026-11-01");
    expect(documentFile.safeParse({ ...guide, issued: "1 November" }).success).toBe(false);
  });
});

describe("a product's downloads", () => {
  restore();
  const document = siteDocumentOf("installation-guide", guide, folder);
  const built = () => ({ href: "/datasheets/remote-valve.pdf", title: "Datasheet", bytes: 9 });
  const uploaded = {
    ...document,
    id: "valve-sheet",
    title: "Valve sheet",
    kind: "datasheet" as const,
    products: ["remote-valve"],
  };

  it("are the built datasheet, then the product's documents", () => {
    expect(productDownloads("water-meter", [document], built).map((d) => d.href)).toEqual([
      "/datasheets/remote-valve.pdf",
      document.href,
    ]);
    expect(productDownloads("routing-module", [document], built)).toHaveLength(1);
  });

  it("offer the company's own datasheet instead of the built one, here and on /documents", async () => {
    expect(uploadedDatasheetOf("remote-valve", [document, uploaded])).toBe(uploaded);
    const downloads = productDownloads("remote-valve", [document, uploaded], built);
    expect(downloads.map((d) => d.title)).toEqual(["Valve sheet", "Installation guide"]);
    const products = siteProducts();
    const meters = { ...uploaded, products: ["water-meter"] };
    const listed = await builtDatasheetsOf(products, [document, meters], async () => 9);
    expect(listed.map(({ title, href, bytes }) => [title, href, bytes])).toEqual(
      products
        .filter((product) => product.slug !== "water-meter")
        .map((product) => [product.page.title, product.datasheetPath, 9]),
    );
  });
});

describe("the footer", () => {
  const copy = shellFile().documents;
  it("links /documents after the contact page once it lists a document or a product's datasheet, else not", () => {
    const links = (documents: unknown[]) =>
      footerLinksOf(withDocumentsPage(sitePages(), copy, documents)).map((link) => link.href);
    const withOne = links([{}]);
    expect(withOne.indexOf("/documents")).toBe(withOne.indexOf("/contact") + 1);
    expect(links([])).not.toContain("/documents");
  });
});
