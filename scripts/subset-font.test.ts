import { expect, it } from "vitest";
import { basicCharacters } from "../app/lib/web-font";
import { basicFont, fontCharacters, missingCharactersWarning } from "./subset-font";

const texts = (...found: [file: string, field: string, text: string][]) =>
  found.map(([file, field, text]) => ({ file, field, text }));

it("collects the characters the copy uses that Inter's latin file has, beside the base set", () => {
  const { characters, missing } = fontCharacters(
    texts(
      ["app/content/home.yaml", "hero.heading", "Ons kliënte sê: “10+ jaar” — Gérôme"],
      ["app/content/home.yaml", "page.title", "Crème brûlée"],
    ),
  );
  for (const char of "ëêéô“”—") expect(characters).toContain(char);
  for (const char of basicCharacters) expect(characters).toContain(char);
  expect(new Set(characters).size).toBe(characters.length);
  expect(missing).toEqual([]);
});

it("names the file and field of each character the font lacks, once, where it first appears", () => {
  const { characters, missing } = fontCharacters(
    texts(
      ["app/content/home.yaml", "features[1].heading", "Šibenik и"],
      ["app/content/terms.yaml", "sections[0].heading", "Šibenik и ё"],
    ),
  );
  // Š is in Inter's latin-ext file, which the pages declare whole; Cyrillic is not in the site's font.
  expect(characters).not.toContain("Š");
  expect(missing).toEqual([
    { character: "и", file: "app/content/home.yaml", field: "features[1].heading" },
    { character: "ё", file: "app/content/terms.yaml", field: "sections[0].heading" },
  ]);
  expect(missingCharactersWarning(missing)).toMatch(
    /"и" \(U\+0438\) first in app\/content\/home\.yaml: features\[1\]\.heading/,
  );
  expect(missingCharactersWarning([])).toBeUndefined();
});

it("cuts a face small enough for one round trip from the base set, bigger with more letters", async () => {
  const base = await basicFont(basicCharacters);
  // One TCP round trip's worth of a new connection (ten segments) with room for the headers.
  expect(base.length).toBeLessThan(14_000);
  const accented = await basicFont(`${basicCharacters}êëéô`);
  expect(accented.length).toBeGreaterThan(base.length);
});
