import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { type Document, parseDocument } from "yaml";
import { astroBuild, writeContentWithPhotos } from "../tests/support/astro-build";
import { contentFileOf, pageList } from "./content/page-list";
import { pageFile } from "./content/site-content";

// The real `astro build`, which stops before writing a page when a setting or a content file is
// bad, and says which: the company's mistake never goes live, and its message says what to mend.
// Nor does a stand-in: a setting left unset is left out of the pages, and the build says so.

const scratch = mkdtempSync(join(tmpdir(), "build-refuses-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const build = (name: string, env: Record<string, string>, timeout = 50_000) =>
  astroBuild(join(scratch, name), env, timeout);

it("stops on a bad public setting, naming the variable", { timeout: 60_000 }, () => {
  const { status, output } = build("bad-setting", { VITE_SUPPORT_EMAIL: "not-an-address" });
  expect(status).not.toBe(0);
  expect(output).toMatch(/VITE_SUPPORT_EMAIL/);
});

const product = pageList.find((page) => page.kind === "product");
const productFile = product ? contentFileOf(product) : "no product page";

it.each([
  [
    "a content file that breaks its schema, naming the file and the field",
    productFile,
    (yaml: Document) => yaml.deleteIn(["hero", "heading"]),
    [productFile, "hero.heading"],
  ],
  [
    "a case study quoting someone who has not agreed to be named, naming the study",
    "case-studies/sunbird-estate.yaml",
    (yaml: Document) => yaml.setIn(["quote", "consent"], false),
    [
      "sunbird-estate",
      "quote.consent",
      "the quote names Thandi Mokoena, who has not agreed to be named (POPIA)",
    ],
  ],
])("stops on %s", { timeout: 60_000 }, (_, path, spoil, said) => {
  const name = path.replace(/\W/g, "-");
  const contentDir = join(scratch, name);
  writeContentWithPhotos(contentDir);
  const yaml = parseDocument(readFileSync(join(contentDir, path), "utf8"));
  spoil(yaml);
  writeFileSync(join(contentDir, path), yaml.toString());

  const { status, output } = build(`${name}-build`, { CONTENT_DIR: contentDir });
  expect(status).not.toBe(0);
  for (const words of said) expect(output).toContain(words);
});

it("without a support address puts no example address in any page or datasheet, and says so", {
  timeout: 240_000,
}, () => {
  const out = join(scratch, "no-support-address");
  // Empty is unset, whatever a developer's .env says.
  const { status, output } = build("no-support-address", { VITE_SUPPORT_EMAIL: "" }, 220_000);
  expect(status, output).toBe(0);
  expect(output).toMatch(/VITE_SUPPORT_EMAIL is not set/);
  // The form's placeholder is the spec's own example address (requirements §6.1), not ours.
  const placeholder = pageFile({ id: "contact", kind: "contact" }).enquiryForm.placeholders.email;
  const client = join(out, "client");
  const files = readdirSync(client, { recursive: true, encoding: "utf8" }).filter(
    (file) => !file.startsWith("admin") && /\.(html|js|json|xml|txt|webmanifest|pdf)$/.test(file),
  );
  const found = files.flatMap((file) => {
    const path = join(client, file);
    const text = file.endsWith(".pdf")
      ? execFileSync("pdftotext", [path, "-"], { encoding: "utf8" })
      : readFileSync(path, "utf8");
    const addresses = text.match(/[\w.+-]+@[\w.-]*example\.[\w.-]+/g) ?? [];
    return addresses.filter((address) => address !== placeholder).map((a) => `${file}: ${a}`);
  });
  expect(files.filter((file) => file.endsWith(".pdf")).length).toBeGreaterThan(0);
  expect(found).toEqual([]);
});
