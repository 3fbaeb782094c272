import { describe, expect, it } from "vitest";
import { pagePolicy } from "./content-security-policy";

describe("pagePolicy", () => {
  it("refuses a page that states no policy, rather than serve it without one", () => {
    expect(() => pagePolicy("<head><title>x</title></head>")).toThrow(/no content-security-policy/);
  });
});
