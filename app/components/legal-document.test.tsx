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
    {
      id: "contact",
      heading: "Contact",
      blocks: [
        {
          type: "email",
          text: "Write to",
          withoutAddress: "Write through our contact page",
          orOfficer: "or to our",
        },
      ],
    },
  ],
};

describe("LegalDocument", () => {
  it("lists the sections in a contents list that links to each heading", () => {
    render(
      <LegalDocument content={content} supportEmail="help@metsi.test" contactHref="/contact" />,
    );
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

  const officer = {
    heading: "Information Officer",
    intro: "Ours:",
    name: "T. Ndlovu",
    address: "1 Main Road",
  };
  const contactLinks = () =>
    within(screen.getByRole("region", { name: "Contact" }))
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);

  it.each([
    [
      "the support address",
      { supportEmail: "help@metsi.test" },
      [["help@metsi.test", "mailto:help@metsi.test"]],
    ],
    ["without an address, the contact page", {}, [["Write through our contact page", "/contact"]]],
    [
      "without an address, the contact page and the Information Officer when named",
      { informationOfficer: officer },
      [
        ["Write through our contact page", "/contact"],
        ["Information Officer", "#information-officer"],
      ],
    ],
  ])("points its contact sentence at %s", (_case, props, links) => {
    render(<LegalDocument content={content} contactHref="/contact" {...props} />);
    expect(contactLinks()).toEqual(links);
  });
});
