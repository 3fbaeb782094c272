// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageFile } from "../../content/site-content";
import { ContactFormBlock } from "./contact-form-block";

const content = pageFile({ id: "contact", kind: "contact" });

describe("ContactFormBlock", () => {
  const show = () =>
    render(
      <ContactFormBlock content={content} companyName="Metsi" supportEmail="help@metsi.example">
        <form aria-labelledby="request-a-demo" />
      </ContactFormBlock>,
    );

  it("shows the heading and intro, names the island it holds by it, and draws its pictures as decoration", () => {
    const { container } = show();
    const { heading, intro } = content.formBlock;
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(heading);
    expect(screen.getByText(intro)).toBeInTheDocument();
    expect(screen.getByRole("form", { name: heading })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: heading })).toBeInTheDocument();
    expect(screen.queryAllByRole("img")).toHaveLength(0);
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(
      content.illustrations.length,
    );
  });

  it("keeps the message for a form that cannot start, with the mailbox, ready to announce", () => {
    // As the browser parses the page: a template's markup is its content, not its children.
    const container = document.createElement("div");
    container.innerHTML = renderToStaticMarkup(
      <ContactFormBlock content={content} companyName="Metsi" supportEmail="help@metsi.example">
        {null}
      </ContactFormBlock>,
    );
    const template = container.querySelector<HTMLTemplateElement>(
      "template[data-island-failure-message]",
    );
    const link = template?.content.querySelector("a");
    expect(link?.getAttribute("href")).toBe("mailto:help@metsi.example");
    expect(link?.textContent).toBe(content.enquiryForm.emailInstead.link);
    expect(container.querySelector("[data-island-failure]")).toHaveAttribute(
      "aria-live",
      "assertive",
    );
  });

  it("without a support address offers none, with JavaScript or without", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToStaticMarkup(
      <ContactFormBlock content={content} companyName="Metsi">
        {null}
      </ContactFormBlock>,
    );
    const { withoutAddress } = content.enquiryForm;
    const template = container.querySelector<HTMLTemplateElement>("template");
    expect(template?.content.textContent).toContain(withoutAddress.startFailure);
    expect(container.querySelector("noscript")?.textContent).toContain(withoutAddress.noScript);
    const html = `${container.innerHTML}${template?.innerHTML}`;
    expect(html).not.toMatch(/mailto:|@/);
  });
});
