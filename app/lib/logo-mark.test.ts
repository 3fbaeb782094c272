import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { logoMarkSvg } from "./logo-mark";

describe("logo mark", () => {
  it("is what public/favicon.svg draws, so the favicon never drifts from the logo", () => {
    const favicon = readFileSync(new URL("../../public/favicon.svg", import.meta.url), "utf8");
    expect(favicon).toBe(logoMarkSvg());
  });
});
