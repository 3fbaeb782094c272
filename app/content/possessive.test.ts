import { expect, it } from "vitest";
import { fillPlaceholders } from "../content/placeholders";
import { possessive } from "./possessive";

it.each([
  ["Amanzi Meters", "'", "Amanzi Meters'"],
  ["Amanzi Meters", "’", "Amanzi Meters’"],
  ["Metsi", "'", "Metsi's"],
  ["Water Co", "’", "Water Co’s"],
  ["ABC SYSTEMS", "'", "ABC SYSTEMS'"],
  ["Thomas", "’", "Thomas’"],
] as const)("possessive(%s, %s) is %s", (name, apostrophe, expected) => {
  expect(possessive(name, apostrophe)).toBe(expected);
});

it.each([
  ["Amanzi Meters", "{companyName}'s meters", "Amanzi Meters' meters"],
  ["Metsi", "{companyName}’s meters", "Metsi’s meters"],
  ["Amanzi Meters", "{companyName}'sbook, {companyName}", "Amanzi Meters'sbook, Amanzi Meters"],
  ["Amanzi Meters", "{topic}'s {companyName}", "{topic}'s Amanzi Meters"],
])("with %s, the copy %s reads %s", (companyName, copy, expected) => {
  expect(fillPlaceholders(copy, { companyName, retentionStatement: "" })).toBe(expected);
});
