import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToBuffer } from "@react-pdf/renderer";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { productOf } from "../content/products";
import { productFile } from "../content/schemas";
import { shellFile } from "../content/site-content";
import { Datasheet, datasheetDate } from "./datasheet";

// The datasheet as a reader's PDF viewer finds it: its text read back by poppler's pdftotext,
// its fonts by pdffonts.
const product = productOf(
  "remote-valve",
  productFile.parse(
    parse(readFileSync(join(import.meta.dirname, "../content/fixtures/remote-valve.yaml"), "utf8")),
  ),
);
const copy = shellFile().productPage;
const madeOn = new Date("2026-11-28T21:30:00Z");
const dir = mkdtempSync(join(tmpdir(), "datasheet-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function made() {
  const pdf = await renderToBuffer(
    <Datasheet
      product={product}
      copy={copy}
      companyName="Metsi Works"
      supportEmail="help@metsi.example"
      madeOn={madeOn}
    />,
  );
  const file = join(dir, "datasheet.pdf");
  writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const boxes = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8" });
  const words = [
    ...boxes.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g),
  ].map(([, left, right, word]) => ({
    left: Number(left),
    right: Number(right),
    word: word ?? "",
  }));
  return { pdf, text: text.replace(/\s+/g, " "), fonts, info, words };
}

describe("a product's datasheet", () => {
  it("holds the company, the product's words and specifications, how to reach us and the date, as text", async () => {
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
      `${copy.reachUs} help@metsi.example`,
      // Made late on the 28th in UTC: the 28th in South Africa too, till 22:00 UTC.
      `${copy.madeOn} 28 November 2026`,
    ]) {
      expect(text).toContain(words.replace(/\s+/g, " "));
    }
  });

  it("is one A4 page under 200 KB, in Inter, embedded", async () => {
    const { pdf, fonts, info } = await made();
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(200_000);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(fonts).toMatch(/\+Inter-Regular\s.*\syes yes yes/);
    expect(fonts).toMatch(/\+Inter-Bold\s.*\syes yes yes/);
  });

  it("breaks a word too long for its column, rather than overprint the value beside it", async () => {
    const { words } = await made();
    const long = "Maksimumwerkingsdruktoetsingsvermoë";
    const pieces = words.filter(
      ({ word }) => word.length > 2 && long.includes(word.replace(/-$/, "")),
    );
    const value = words.find(({ word }) => word === "16");
    expect(pieces.map(({ word }) => word.replace(/-$/, "")).join("")).toBe(long);
    expect(Math.max(...pieces.map(({ right }) => right))).toBeLessThan(value?.left ?? 0);
  });

  it("dates itself as South Africa reads the day", () => {
    expect(datasheetDate(new Date("2026-11-28T22:30:00Z"))).toBe("29 November 2026");
  });
});
