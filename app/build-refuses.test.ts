import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { type Document, parseDocument } from "yaml";
import { contentFileOf, pageList } from "./content/page-list";

// The real `astro build`, which stops before writing a page when a setting or a content file is
// bad, and says which: the company's mistake never goes live, and its message says what to mend.

const projectRoot = resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(join(tmpdir(), "build-refuses-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function build(name: string, env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    [join(projectRoot, "node_modules/astro/bin/astro.mjs"), "build"],
    {
      cwd: projectRoot,
      env: { ...process.env, BUILD_DIR: join(scratch, name), ...env },
      encoding: "utf8",
      timeout: 50_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

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
  cpSync(join(import.meta.dirname, "content"), contentDir, { recursive: true });
  const studies = join(import.meta.dirname, "content/fixtures/proof/case-studies");
  cpSync(studies, join(contentDir, "case-studies"), { recursive: true });
  const yaml = parseDocument(readFileSync(join(contentDir, path), "utf8"));
  spoil(yaml);
  writeFileSync(join(contentDir, path), yaml.toString());

  const { status, output } = build(`${name}-build`, { CONTENT_DIR: contentDir });
  expect(status).not.toBe(0);
  for (const words of said) expect(output).toContain(words);
});
