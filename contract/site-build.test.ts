import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { buildDirectory, siteRootOf } from "./site-build";

const folder = mkdtempSync(join(tmpdir(), "site-build-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const envFile = join(folder, ".env");
writeFileSync(envFile, "# settings\nVITE_COMPANY_NAME=Amanzi\nBUILD_DIR=from-file\n");

it("takes BUILD_DIR from the environment first, then from .env, as the server does", () => {
  expect(buildDirectory({ BUILD_DIR: "out" }, envFile)).toBe("out");
  expect(buildDirectory({}, envFile)).toBe("from-file");
  expect(buildDirectory({ BUILD_DIR: "" }, envFile)).toBe("from-file");
  expect(buildDirectory({}, join(folder, "missing.env"))).toBe("build");
});

it("puts the static site in the build folder's client/", () => {
  expect(siteRootOf("out")).toBe(join("out", "client"));
  expect(siteRootOf(undefined)).toBe(join("build", "client"));
});
