import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { readSettings } from "./settings-source";

const dir = mkdtempSync(join(tmpdir(), "settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, ".env"), "# settings\nENQUIRY_RETENTION_DAYS=30\nBUILD_DIR=from-file\n");
// What Vite would read by itself in a production build, and the server never does.
writeFileSync(join(dir, ".env.production"), "ENQUIRY_RETENTION_DAYS=90\n");
writeFileSync(join(dir, ".env.local"), "ENQUIRY_RETENTION_DAYS=7\n");

it("takes the environment first, then .env, and no other file", () => {
  expect(readSettings({}, dir)).toEqual({ ENQUIRY_RETENTION_DAYS: "30", BUILD_DIR: "from-file" });
  expect(readSettings({ BUILD_DIR: "out" }, dir).BUILD_DIR).toBe("out");
  // Set, even empty, is the environment's word, as with Node's own .env loading.
  expect(readSettings({ BUILD_DIR: "" }, dir).BUILD_DIR).toBe("");
  expect(readSettings({}, join(dir, "missing"))).toEqual({});
});
