import { describe, expect, it } from "vitest";
import { contactFormBlock, contactHero, contactIllustrations, enquiryFormCopy } from "./contact";
import type { ImageAsset } from "./types";

describe("contact content", () => {
  it("heads the page with the hero heading of requirements §5", () => {
    expect(contactHero.heading).toBe("Request a demo");
  });

  it("gives the form block its heading, intro and privacy sentence", () => {
    expect(contactFormBlock.heading).toBe("Request a Demo");
    expect(contactFormBlock.intro.length).toBeGreaterThan(20);
    expect(contactFormBlock.privacyNote).toMatch(/personal information/i);
    expect(contactFormBlock.privacyNote).toMatch(/only to provide the products and services/i);
  });

  it("uses the placeholders and notification texts of requirements §6.1 and §8", () => {
    expect(enquiryFormCopy.placeholders).toMatchObject({
      name: "John Doe",
      phone: "0123456789",
      message: "Your Message",
    });
    expect(enquiryFormCopy.placeholders.email).toMatch(/^[^@\s]+@example\.[a-z.]+$/);
    expect(enquiryFormCopy.notifications).toMatchObject({
      success: "Email sent successfully",
      error: "An error occurred sending email",
      close: "Close",
    });
  });

  it("words the bot-check notice as Google requires", () => {
    const notice = enquiryFormCopy.botCheckNotice;
    expect(
      [notice.before, notice.privacy.label, notice.between, notice.terms.label, notice.after].join(
        " ",
      ),
    ).toBe(
      "This site is protected by reCAPTCHA and the Google Privacy Policy and Terms of Service apply.",
    );
    expect(notice.privacy.href).toBe("https://policies.google.com/privacy");
    expect(notice.terms.href).toBe("https://policies.google.com/terms");
  });

  const images: [string, ImageAsset][] = [
    ["hero illustration", contactHero.illustration],
    ...contactIllustrations.map((image, index): [string, ImageAsset] => [
      `illustration ${index + 1}`,
      image,
    ]),
  ];

  it.each(images)(
    "marks the decorative %s with empty alt and sizes it as its drawing",
    (_name, image) => {
      expect(image.alt).toBe("");
      // The picture list's size for the file (checked against the files in content-files.test.ts)
      // is its drawing's own.
      expect(image.svg.attributes.viewBox).toBe(`0 0 ${image.width} ${image.height}`);
      expect(image.svg.markup).toMatch(/^<[a-z]/);
    },
  );

  it("has at least one illustration for the left column", () => {
    expect(contactIllustrations.length).toBeGreaterThan(0);
  });
});
