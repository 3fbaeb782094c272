import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { parseDocument } from "yaml";
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

it("stops on a content file that breaks its schema, naming the file and the field", {
  timeout: 60_000,
}, () => {
  const contentDir = join(scratch, "content");
  cpSync(join(import.meta.dirname, "content"), contentDir, { recursive: true });
  const product = pageList.find((page) => page.kind === "product");
  if (!product) throw new Error("the page list has no product page");
  const file = join(contentDir, contentFileOf(product));
  const yaml = parseDocument(readFileSync(file, "utf8"));
  yaml.deleteIn(["hero", "heading"]);
  writeFileSync(file, yaml.toString());

  const { status, output } = build("broken-content", { CONTENT_DIR: contentDir });
  expect(status).not.toBe(0);
  expect(output).toContain(contentFileOf(product));
  expect(output).toMatch(/hero\.heading/);
});

it("stops on a case study quoting someone who has not agreed to be named, naming the study", {
  timeout: 60_000,
}, () => {
  const contentDir = join(scratch, "unconsented");
  cpSync(join(import.meta.dirname, "content"), contentDir, { recursive: true });
  cpSync(join(import.meta.dirname, "content/fixtures/proof/case-studies"), join(contentDir, "case-studies"), {
    recursive: true,
  });
  const file = join(contentDir, "case-studies", "sunbird-estate.yaml");
  const yaml = parseDocument(readFileSync(file, "utf8"));
  yaml.setIn(["quote", "consent"], false);
  writeFileSync(file, yaml.toString());

  const { status, output } = build("unconsented-quote", { CONTENT_DIR: contentDir });
  expect(status).not.toBe(0);
  expect(output).toContain("sunbird-estate");
  expect(output).toMatch(/quote\.consent/);
  expect(output).toContain("the quote names Thandi Mokoena, who has not agreed to be named (POPIA)");
});
