import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToBuffer } from "@react-pdf/renderer";
import { afterAll, assert, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { approvalsOf, siteDocumentOf } from "../content/documents";
import { productOf } from "../content/products";
import { documentFile, productFile } from "../content/schemas";
import { shellFile } from "../content/site-content";
import { Datasheet, datasheetPhoto } from "./datasheet";

// The datasheet as a reader's PDF viewer finds it: its text read back by poppler's pdftotext,
// its fonts by pdffonts, its pictures by pdfimages.
const fixtures = join(import.meta.dirname, "../content/fixtures");
const read = (path: string) => parse(readFileSync(join(fixtures, path), "utf8"));
const product = productOf("remote-valve", productFile.parse(read("remote-valve.yaml")));
// The approval's certificate, published beside it.
const certificateId = "remote-valve-sans-1529-certificate";
const certificate = siteDocumentOf(
  certificateId,
  documentFile.parse(read(`documents/${certificateId}.yaml`)),
  join(fixtures, "documents"),
);
assert(certificate);
const copy = shellFile().productPage;
const dir = mkdtempSync(join(tmpdir(), "datasheet-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const make = async () => {
  const photo = await datasheetPhoto(join(fixtures, product.photo?.src ?? ""));
  const pdf = await renderToBuffer(
    <Datasheet
      product={product}
      copy={copy}
      companyName="Metsi Works"
      supportEmail="help@metsi.example"
      company={{
        phone: "021 555 0123",
        address: {
          street: "12 Fixture Road",
          town: "Stellenbosch",
          province: "Western Cape",
          postalCode: "7600",
        },
      }}
      approvals={approvalsOf(product, [certificate])}
      siteUrl="https://x.example"
      photo={photo}
    />,
  );
  const file = join(dir, "datasheet.pdf");
  writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const boxes = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  const images = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" });
  const words = [
    ...boxes.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g),
  ].map(([, left, right, word]) => ({
    left: Number(left),
    right: Number(right),
    word: word ?? "",
  }));
  return { pdf, text: text.replace(/\s+/g, " "), fonts, info, words, images };
};

// Made once, read by each test.
let making: ReturnType<typeof make> | undefined;
const made = () => {
  making ??= make();
  return making;
};

describe("a product's datasheet", () => {
  it("holds the company, the product's words, its tables and approvals, its number and revision, and how to reach us, as text", async () => {
    const { text } = await made();
    for (const words of [
      "Metsi Works",
      product.page.title,
      product.page.description,
      ...product.claims,
      copy.specificationsHeading,
      "Closing time",
      "Under 10 seconds",
      "Fixture figure, for tests only",
      ...["Metrology", "Electrical", "Radio", "Environment", "Physical"],
      "Permanent flow rate (Q3) 2,5 m³/h",
      copy.approvalsHeading,
      "SANS 1529-1 FIX-1529-0001 Fixture Approvals Body 30 June 2026",
      `${copy.documentNumber} DS-RV-001`,
      // The day what it states last changed, not the day it was built.
      "Revision B of 1 October 2026",
      `${copy.reachUs} 12 Fixture Road, Stellenbosch 7600 · 021 555 0123 · help@metsi.example`,
      "Page 1 of 2",
      "Page 2 of 2",
    ]) {
      expect(text).toContain(words.replace(/\s+/g, " "));
    }
  });

  it("is two A4 pages under 200 KB with the drawing at about 200 dpi, in Inter, embedded; the certificate linked", async () => {
    const { pdf, fonts, info, images } = await made();
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(200_000);
    expect(info).toMatch(/Pages:\s+2\n/);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(fonts).toMatch(/\+Inter-Regular\s.*\syes yes yes/);
    expect(fonts).toMatch(/\+Inter-Bold\s.*\syes yes yes/);
    // The 900 × 560 drawing, once, at 720 × 448 pixels.
    expect(images.match(/^\s+1\s+\d+ image\s+720\s+448\s/gm)).toHaveLength(1);
    expect(pdf.toString("latin1")).toContain(`/URI (https://x.example${certificate.href})`);
  });

  it("breaks a word too long for its column, rather than overprint the value beside it", async () => {
    const { words } = await made();
    const long = "Maksimumwerkingsdruktoetsingsvermoë";
    const broken = words.filter(
      ({ word }) => word.endsWith("-") && long.startsWith(word.slice(0, -1)),
    );
    const value = words.findLast(({ word }) => word === "16");
    expect(broken.length).toBeGreaterThan(0);
    expect(Math.max(...broken.map(({ right }) => right))).toBeLessThan(value?.left ?? 0);
  });
});
