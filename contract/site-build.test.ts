import { join } from "node:path";
import { expect, it } from "vitest";
import { buildDirectory, siteRootOf } from "./site-build";

it("takes BUILD_DIR from the settings, an empty one meaning unset, as the server does", () => {
  expect(buildDirectory({ BUILD_DIR: "out" })).toBe("out");
  expect(buildDirectory({ BUILD_DIR: "" })).toBe("build");
  expect(buildDirectory({})).toBe("build");
});

it("puts the static site in the build folder's client/", () => {
  expect(siteRootOf("out")).toBe(join("out", "client"));
  expect(siteRootOf(undefined)).toBe(join("build", "client"));
});
