import { describe, expect, it } from "vitest";
import { pagePolicy } from "./content-security-policy";

describe("pagePolicy", () => {
  it("is the policy the page states in its <meta>, with what only a header can say", () => {
    const html = `<head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-abc=';"></head>`;
    expect(pagePolicy(html)).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'",
    );
  });

  it("refuses a page that states no policy, rather than serve it without one", () => {
    expect(() => pagePolicy("<head><title>x</title></head>")).toThrow(/no content-security-policy/);
  });
});
