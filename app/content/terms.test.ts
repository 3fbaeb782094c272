import { describe, expect, it } from "vitest";
import { siteConfig } from "../config";
import { legalPageContent } from "./legal-page";

const { legalText } = legalPageContent("terms");
const { sections } = legalText;

describe("terms of use content", () => {
  it("tells visitors where to send copyright-infringement claims", () => {
    const claims = sections.find((section) => section.id === "copyright-claims");
    expect(claims?.blocks).toContainEqual(
      expect.objectContaining({ email: siteConfig.supportEmail }),
    );
  });
});
