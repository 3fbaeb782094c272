// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LegalDocumentContent } from "../content/types";
import { LegalDocument } from "./legal-document";

const content: LegalDocumentContent = {
  contentsLabel: "On this page",
  introduction: ["Opening words."],
  sections: [
    { id: "first", heading: "First section", blocks: ["A paragraph.", { list: ["one", "two"] }] },
    {
      id: "contact",
      heading: "Contact",
      blocks: [{ text: "Write to", email: "help@example.co.za" }],
    },
  ],
};

describe("LegalDocument", () => {
  it("lists the sections in a contents list that links to each heading", () => {
    render(<LegalDocument content={content} />);
    const contents = screen.getByRole("navigation", { name: "On this page" });
    const links = within(contents).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["First section", "#first"],
      ["Contact", "#contact"],
    ]);
    for (const link of links) {
      const target = document.querySelector(link.getAttribute("href") ?? "");
      expect(target?.tagName).toBe("H2");
      expect(target).toHaveTextContent(link.textContent ?? "");
    }
  });

  it("shows the introduction, paragraphs and lists of each section", () => {
    render(<LegalDocument content={content} />);
    expect(screen.getByText("Opening words.")).toBeInTheDocument();
    const first = screen.getByRole("region", { name: "First section" });
    expect(within(first).getByText("A paragraph.")).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["one", "two"]);
  });

  it("turns an email block into a mailto link", () => {
    render(<LegalDocument content={content} />);
    const section = screen.getByRole("region", { name: "Contact" });
    expect(within(section).getByRole("link", { name: "help@example.co.za" })).toHaveAttribute(
      "href",
      "mailto:help@example.co.za",
    );
    expect(section).toHaveTextContent("Write to help@example.co.za.");
  });
});
