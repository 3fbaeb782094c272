import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { basicFont, basicFontPath } from "./subset-font";

it("the committed basic face is what npm run font cuts from the installed Inter", async () => {
  const committed = readFileSync(basicFontPath);
  expect((await basicFont()).equals(committed), "run npm run font and commit the result").toBe(
    true,
  );
  // One TCP round trip's worth of a new connection (ten segments) with room for the headers.
  expect(committed.length).toBeLessThan(14_000);
});
