import { describe, expect, it } from "vitest";
import { retentionStatement } from "../../contract/retention";
import { sectionText, visibleCopy } from "../../tests/support/visible-copy";
import { siteConfig } from "../config";
import { privacyPage } from "./privacy";

const { legalText } = privacyPage;
const { sections } = legalText;

describe("privacy statement content", () => {
  it("says how long enquiries are kept, for the configured ENQUIRY_RETENTION_DAYS", () => {
    expect(sectionText(legalText, "security")).toContain(
      retentionStatement(siteConfig.enquiryRetentionDays, siteConfig.enquiryDelivery),
    );
  });

  it("covers the six topics of the requirements, in order", () => {
    const topics = [
      /collection/i,
      /use of personal/i,
      /cookies/i,
      /security/i,
      /changes/i,
      /contact/i,
    ];
    expect(sections).toHaveLength(topics.length);
    topics.forEach((topic, index) => {
      expect(sections[index]?.heading).toMatch(topic);
    });
  });

  it("names South Africa's Protection of Personal Information Act", () => {
    expect(visibleCopy(privacyPage)).toMatch(/Protection of Personal Information Act/);
    expect(visibleCopy(privacyPage)).toMatch(/POPIA/);
  });

  it("lists the contact form's fields under collection", () => {
    expect(sectionText(legalText, "collection")).toMatch(
      /name.*phone number.*email address.*enquiry/s,
    );
  });

  it("explains the cookie set by the bot-check provider", () => {
    expect(sectionText(legalText, "cookies")).toMatch(
      /bot-check service from a third-party provider/,
    );
    expect(sectionText(legalText, "cookies")).toMatch(/reCAPTCHA/);
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
