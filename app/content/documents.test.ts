import { execFileSync } from "node:child_process";
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
import sharp from "sharp";
import { afterAll, assert, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { servedPdf, weighedDocuments } from "../lib/served-document";
import {
  approvalsOf,
  builtDatasheetsOf,
  hasDocumentsPage,
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
const documentOf = (entry = guide) => {
  const document = siteDocumentOf("installation-guide", entry, folder);
  assert(document, "left off the site");
  return document;
};
const photo = join(fixtures, "..", "photos", "remote-valve.png");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a document", () => {
  it("is served under /assets/ by its content's hash, named by its title and version", () => {
    restore();
    const document = documentOf();
    expect(document.href).toMatch(
      /^\/assets\/documents\/[0-9a-f]{10}\/installation-guide-1-2\.pdf$/,
    );
    expect(document.issued).toBe("2026-11-01");
    writeFileSync(file, "%PDF-1.4\n% another upload\n");
    expect(documentOf().href).not.toBe(document.href);
  });

  it.each([
    ["gone.pdf", "is missing", () => undefined],
    ["installation-guide.pdf", "is 20.0 MB, over 20 MB", () => truncateSync(file, 20e6 + 1)],
  ])("stops the build, naming its entry, when its file %s %s", (name, problem, spoil) => {
    restore();
    spoil();
    expect(() => siteDocumentOf("installation-guide", { ...guide, file: name }, folder)).toThrow(
      `documents/installation-guide.yaml: its file ${name} ${problem}`,
    );
  });

  // The editor judges an upload by its name: the build, by its first bytes.
  it.each([
    ["a PDF, served as uploaded", restore, "Fixture installation guide"],
    [
      "a PNG named .pdf, served as a PDF page of it under its title",
      () => copyFileSync(photo, file),
      "Installation guide",
    ],
    [
      "a JPEG named .pdf, likewise",
      async () => writeFileSync(file, await sharp(photo).jpeg().toBuffer()),
      "Installation guide",
    ],
    [
      "a WebP named .pdf, likewise",
      async () => writeFileSync(file, await sharp(photo).webp().toBuffer()),
      "Installation guide",
    ],
  ])("is %s, weighed as served", async (_, upload, text) => {
    await upload();
    const document = documentOf();
    const pdf = await servedPdf(document);
    expect(pdf.toString("latin1", 0, 5)).toBe("%PDF-");
    expect(execFileSync("pdftotext", ["-", "-"], { input: pdf, encoding: "utf8" })).toContain(text);
    expect((await weighedDocuments([document]))[0]?.bytes).toBe(pdf.length);
  });

  it("is left off the site, with a warning naming its entry and file, when its file is neither a PDF nor a picture; an approval naming it shows unlinked", () => {
    writeFileSync(file, "<html>not a PDF</html>");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(siteDocumentOf("installation-guide", guide, folder)).toBeUndefined();
    const approval = {
      standard: "SANS 1529-1",
      certificate: "C-1",
      issuedBy: "SABS",
      issued: "2026-01-01",
      document: "installation-guide",
    };
    expect(approvalsOf({ slug: "valve", approvals: [approval] }, [])).toEqual([
      { ...approval, href: undefined },
    ]);
    for (const warning of [
      "documents/installation-guide.yaml: its file installation-guide.pdf is neither a PDF nor",
      'products/valve.yaml: the approval SANS 1529-1 names the document "installation-guide", which is not on the site',
    ])
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(warning));
    warn.mockRestore();
  });

  it("reads an issue date as the editor writes it, unquoted, and as content-files.ts parses it", () => {
    const written = { ...guide, ...parse("issued: 2026-11-01") };
    expect(documentFile.parse(written).issued).toBe("2026-11-01");
    expect(documentFile.safeParse({ ...guide, issued: "1 November" }).success).toBe(false);
  });
});

describe("a product's downloads", () => {
  restore();
  const document = { ...documentOf(), bytes: 9 };
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
    const links = (documents: unknown[], products: unknown[]) =>
      footerLinksOf(
        withDocumentsPage(
          sitePages(),
          copy,
          hasDocumentsPage({ siteDocuments: () => documents, siteProducts: () => products }),
        ),
      ).map((link) => link.href);
    for (const withOne of [links([{}], []), links([], [{}])])
      expect(withOne.indexOf("/documents")).toBe(withOne.indexOf("/contact") + 1);
    expect(links([], [])).not.toContain("/documents");
  });
});
