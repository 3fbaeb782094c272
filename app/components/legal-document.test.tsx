// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LegalPageFile } from "../content/schemas";
import { LegalDocument } from "./legal-document";

const content: Pick<LegalPageFile, "contentsLabel" | "introduction" | "sections"> = {
  contentsLabel: "On this page",
  introduction: ["Opening words."],
  sections: [
    {
      id: "first",
      heading: "First section",
      blocks: [
        { type: "paragraph", text: "A paragraph." },
        { type: "list", items: ["one", "two"] },
      ],
    },
    { id: "contact", heading: "Contact", blocks: [{ type: "email", text: "Write to" }] },
  ],
};

describe("LegalDocument", () => {
  it("lists the sections in a contents list that links to each heading", () => {
    render(<LegalDocument content={content} supportEmail="help@example.co.za" />);
    const links = within(screen.getByRole("navigation", { name: "On this page" })).getAllByRole(
      "link",
    );
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["First section", "#first"],
      ["Contact", "#contact"],
    ]);
    for (const link of links) {
      const target = document.querySelector(link.getAttribute("href") ?? "");
      expect(target).toHaveRole("heading");
      expect(target).toHaveTextContent(link.textContent ?? "");
    }
  });
});
