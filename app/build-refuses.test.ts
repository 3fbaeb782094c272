import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { type Document, parseDocument } from "yaml";
import { astroBuild, writeContentWithStudy } from "../tests/support/astro-build";
import { contentFileOf, pageList } from "./content/page-list";

// The real `astro build`, which stops before writing a page when a setting or a content file is
// bad, and says which: the company's mistake never goes live, and its message says what to mend.

const scratch = mkdtempSync(join(tmpdir(), "build-refuses-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const build = (name: string, env: Record<string, string>) =>
  astroBuild(join(scratch, name), env, 50_000);

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
  writeContentWithStudy(contentDir);
  const yaml = parseDocument(readFileSync(join(contentDir, path), "utf8"));
  spoil(yaml);
  writeFileSync(join(contentDir, path), yaml.toString());

  const { status, output } = build(`${name}-build`, { CONTENT_DIR: contentDir });
  expect(status).not.toBe(0);
  for (const words of said) expect(output).toContain(words);
});
