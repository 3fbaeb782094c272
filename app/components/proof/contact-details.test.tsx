// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CompanyFile } from "../../content/company-schema";
import { companyDetails } from "../../content/site-content";
import { ContactDetails } from "./contact-details";

const { labels } = companyDetails();
const full: CompanyFile = {
  labels,
  phone: "021 555 0123",
  whatsapp: { number: "+27 82 555 0199", firstLine: "Hello" },
  address: { street: "1 Main Road", town: "Paarl", province: "Western Cape", postalCode: "7646" },
  officeHours: ["Monday to Friday, 08:00 to 17:00"],
};

describe("ContactDetails", () => {
  it("links the phone and WhatsApp through the counted redirect, naming where they were tapped", () => {
    render(<ContactDetails company={full} source="contact" />);
    expect(screen.getByRole("link", { name: "021 555 0123" }).getAttribute("href")).toBe(
      "/go/phone?from=contact",
    );
    expect(screen.getByRole("link", { name: "+27 82 555 0199" }).getAttribute("href")).toBe(
      "/go/whatsapp?from=contact",
    );
    expect(screen.getByText(/1 Main Road/)).toBeTruthy();
    expect(screen.getByText(full.officeHours?.[0] ?? "")).toBeTruthy();
  });

  it("shows only the details given: an address alone has no phone or WhatsApp link; none, nothing", () => {
    const { container } = render(<ContactDetails company={{ labels }} source="footer" />);
    expect(container.innerHTML).toBe("");
    render(<ContactDetails company={{ labels, address: full.address }} source="footer" />);
    expect(screen.queryAllByRole("link")).toEqual([]);
    expect(screen.queryByText(labels.phone)).toBeNull();
    expect(screen.getByText(labels.address)).toBeTruthy();
  });
});
