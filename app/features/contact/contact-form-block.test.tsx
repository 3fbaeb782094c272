// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { contactFormBlock, contactIllustrations, enquiryFormCopy } from "../../content/contact";
import { ContactFormBlock } from "./contact-form-block";

describe("ContactFormBlock", () => {
  it("shows the heading, intro and privacy note, and names the form after the heading", () => {
    render(
      <ContactFormBlock
        content={contactFormBlock}
        illustrations={contactIllustrations}
        formCopy={enquiryFormCopy}
      />,
    );
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Request a Demo");
    expect(screen.getByText(contactFormBlock.intro)).toBeInTheDocument();
    expect(screen.getByText(contactFormBlock.privacyNote)).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Request a Demo" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Request a Demo" })).toBeInTheDocument();
  });

  it("shows the illustrations as decorative images with their intrinsic size", () => {
    const { container } = render(
      <ContactFormBlock
        content={contactFormBlock}
        illustrations={contactIllustrations}
        formCopy={enquiryFormCopy}
      />,
    );
    // Hidden from the accessibility tree, so query the DOM directly.
    const images = [...container.querySelectorAll("section > div > div:first-child > svg")];
    expect(images).toHaveLength(contactIllustrations.length);
    expect(screen.queryAllByRole("img")).toHaveLength(0);
    images.forEach((image, index) => {
      const asset = contactIllustrations[index];
      expect(image).toHaveAttribute("aria-hidden", "true");
      expect(image).toHaveAttribute("width", String(asset?.width));
      expect(image).toHaveAttribute("height", String(asset?.height));
    });
  });
});
