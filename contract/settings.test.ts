import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { buildSettings, checkSettings, configuredChannels, settingsSchema } from "./settings";

// .env.example: each setting a `NAME=value` line, or `# NAME=value` for one left unset, under
// the comment that describes it.
const example = readFileSync(join(import.meta.dirname, "../.env.example"), "utf8");
const described = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map(
  ([, name = "", value = ""]) => ({ name, value }),
);
const names = Object.keys(settingsSchema.shape);

it("describes every setting in .env.example once, with its default or empty, and nothing else", () => {
  const inExample = described.map((setting) => setting.name);
  expect(names.filter((name) => !inExample.includes(name))).toEqual([]);
  expect(inExample.filter((name) => !names.includes(name))).toEqual([]);
  expect(new Set(inExample).size).toBe(inExample.length);
  const defaults = checkSettings(settingsSchema, {});
  for (const { name, value } of described) {
    if (!value || value.startsWith("/")) continue;
    expect(String(defaults[name as keyof typeof defaults]), name).toBe(value);
  }
});

it("checks a value the same way for the build and the server, empty meaning unset", () => {
  expect(buildSettings({}).ENQUIRY_RETENTION_DAYS).toBe(365);
  expect(buildSettings({ ENQUIRY_RETENTION_DAYS: "" }).ENQUIRY_RETENTION_DAYS).toBe(365);
  expect(buildSettings({ ENQUIRY_RETENTION_DAYS: "0" }).ENQUIRY_RETENTION_DAYS).toBe(0);
  expect(buildSettings({ ENQUIRY_RETENTION_DAYS: " 30 " }).ENQUIRY_RETENTION_DAYS).toBe(30);
  for (const bad of ["-1", "1.5", "a year", "36501"]) {
    expect(() => buildSettings({ ENQUIRY_RETENTION_DAYS: bad }), bad).toThrow(
      /ENQUIRY_RETENTION_DAYS: use/,
    );
  }
  expect(() => buildSettings({ VITE_SITE_URL: "https://www.example.co.za/home" })).toThrow(
    /VITE_SITE_URL: use the site's origin only/,
  );
  expect(buildSettings({ VITE_SITE_URL: "https://www.example.co.za/" }).VITE_SITE_URL).toBe(
    "https://www.example.co.za",
  );
});

it("works out which channels are configured from the settings that set them", () => {
  expect(configuredChannels(buildSettings({}))).toEqual({
    mail: false,
    webhook: false,
    acknowledgement: false,
  });
  const all = checkSettings(settingsSchema, {
    SMTP_URL: "smtps://mail.example",
    ENQUIRY_WEBHOOK_URL: "https://crm.example/hook",
    ENQUIRY_ACKNOWLEDGE: "true",
  });
  expect(configuredChannels(all)).toEqual({ mail: true, webhook: true, acknowledgement: true });
});
