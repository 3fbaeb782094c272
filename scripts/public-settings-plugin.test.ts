import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { readSettings } from "../contract/settings-source";
import { loadConfig } from "../server/config";
import { publicSettings } from "./public-settings-plugin";

const dir = mkdtempSync(join(tmpdir(), "settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, ".env"), "ENQUIRY_RETENTION_DAYS=30\n");
// Files Vite reads by itself in a production build, and the server never does.
writeFileSync(join(dir, ".env.production"), "ENQUIRY_RETENTION_DAYS=90\n");
writeFileSync(join(dir, ".env.local"), "ENQUIRY_RETENTION_DAYS=7\n");

it("gives the build's privacy statement the retention period the server applies", () => {
  const plugin = publicSettings();
  const config = plugin.config as (
    config: { root: string },
    env: { mode: string; command: string },
  ) => { define: Record<string, string> };
  const built = config({ root: dir }, { mode: "production", command: "build" });
  const inlined = JSON.parse(built.define.__PUBLIC_SETTINGS__ ?? "{}");
  const server = loadConfig(readSettings({}, dir));
  expect(inlined.enquiryRetentionDays).toBe(30);
  expect(server.retentionDays).toBe(30);
});
