import { describe, expect, it } from "vitest";
import { retentionStatement } from "../../contract/retention";
import { sectionText } from "../../tests/support/visible-copy";
import { siteConfig } from "../config";
import { legalPageContent } from "./legal-page";

const { legalText } = legalPageContent("privacy");
const { sections } = legalText;

describe("privacy statement content", () => {
  it("says how long enquiries are kept, for the configured ENQUIRY_RETENTION_DAYS", () => {
    expect(sectionText(legalText, "security")).toContain(
      retentionStatement(siteConfig.enquiryRetentionDays, siteConfig.enquiryDelivery),
    );
  });

  it("ends with the support mailbox from configuration", () => {
    const contact = sections.at(-1);
    expect(contact?.blocks).toContainEqual(
      expect.objectContaining({ email: siteConfig.supportEmail }),
    );
  });

  it("gives every section a unique anchor", () => {
    const ids = sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
