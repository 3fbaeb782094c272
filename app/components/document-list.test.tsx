// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import type { BuiltDatasheet, WeighedDocument } from "../content/documents";
import { DocumentList } from "./document-list";

const kinds = {
  datasheet: "Datasheet",
  "approval-or-certificate": "Approval or certificate",
  "installation-guide": "Installation guide",
  brochure: "Brochure",
  other: "Other document",
};
const copy = {
  page: {
    title: "Documents",
    description: "",
    shareCard: { picture: "phone-app", description: "" },
  },
  heading: "Documents",
  intro: "To download.",
  footerLabel: "Documents",
  kinds,
  kindHeadings: {
    ...kinds,
    datasheet: "Datasheets",
    "installation-guide": "Installation guides",
  },
  issued: "Issued",
  version: "Version",
} as const;
const guide: WeighedDocument = {
  id: "guide",
  title: "Installation guide",
  kind: "installation-guide",
  products: ["valve"],
  version: "1.2",
  issued: "2026-11-01",
  file: "guide.pdf",
  source: "guide.pdf",
  picture: false,
  bytes: 2000,
  href: "/assets/guide.pdf",
};
const datasheet: BuiltDatasheet = {
  id: "datasheet-valve",
  kind: "datasheet",
  title: "Valve",
  href: "/datasheets/valve.pdf",
  bytes: 3000,
  products: ["valve"],
  datasheet: { number: "DS-1", revision: "B", revised: "2026-10-01" },
};

it("heads each kind's group as a group, a group of one too, and writes every date one way", () => {
  render(
    <DocumentList
      documents={[guide]}
      datasheets={[datasheet]}
      copy={copy}
      filing={{ documentNumber: "Document number", revised: "Revision {revision}, {date}" }}
      productNames={{ valve: "Remote valve" }}
    />,
  );
  expect
    .soft(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent))
    .toEqual(["Datasheets", "Installation guides"]);
  expect(
    screen.getAllByRole("listitem").map((item) => item.querySelector("p")?.textContent),
  ).toEqual([
    "Document number DS-1 · Revision B, 1 October 2026",
    "Remote valve · Version 1.2 · Issued 1 November 2026",
  ]);
});
