import { describe, expect, it } from "vitest";
import { sectionText } from "../../tests/support/visible-copy";
import { siteConfig } from "../config";
import { termsPage } from "./terms";

const { legalText } = termsPage;
const { sections } = legalText;

describe("terms of use content", () => {
  it("covers the ten topics of requirements §5.2, in order", () => {
    expect(sections.map((section) => section.id)).toEqual([
      "modification",
      "third-party-links",
      "unlawful-use",
      "communication-services",
      "submissions",
      "liability",
      "termination",
      "governing-law",
      "copyright",
      "copyright-claims",
    ]);
  });

  it("is governed by the law of South Africa", () => {
    expect(sectionText(legalText, "governing-law")).toMatch(/laws of the Republic of South Africa/);
  });

  it("carries the copyright notice year 2015 with the company name", () => {
    expect(sectionText(legalText, "copyright")).toContain(`© 2015 ${siteConfig.companyName}`);
  });

  it("tells visitors where to send copyright-infringement claims", () => {
    const claims = sections.find((section) => section.id === "copyright-claims");
    expect(claims?.blocks).toContainEqual(
      expect.objectContaining({ email: siteConfig.supportEmail }),
    );
  });

  it("lists rules for the communication services", () => {
    const rules = sections.find((section) => section.id === "communication-services");
    expect(rules?.blocks).toContainEqual({ list: expect.arrayContaining([expect.any(String)]) });
    expect(sectionText(legalText, "communication-services")).toMatch(/spam/);
  });
});
