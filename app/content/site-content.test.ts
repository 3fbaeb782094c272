import { describe, expect, it, vi } from "vitest";
import { telAddress, whatsappAddress } from "../../contract/contact-taps";
import { companyFile, phonePattern } from "./company-schema";
import { pageList } from "./page-list";
import { inFeatureOrder } from "./products";
import { askers } from "./schemas";
import { caseStudies, companyDetails, copyTexts, pageFile, siteProducts } from "./site-content";

// Issue 40: what the launch content may say (app/content/, as unit tests run without
// CONTENT_DIR), and what the schemas refuse (a quote without consent: app/build-refuses.test.ts).

describe("the launch content", () => {
  it("gives no contact detail and no case study, which the spec does not give", () => {
    // Read through the schema, so a file of labels only is whole: each detail may be left out.
    expect(Object.keys(companyDetails())).toEqual(["labels"]);
    expect(caseStudies()).toEqual([]);
  });

  const faq = pageList.find((page) => page.kind === "faq");
  if (!faq) throw new Error("the page list has no questions page");
  const { questions } = pageFile(faq);

  it("answers at least eight questions, for each kind of asker, and names no header link", () => {
    expect(questions.length).toBeGreaterThanOrEqual(8);
    expect(new Set(questions.map((question) => question.askedBy))).toEqual(new Set(askers));
    expect(pageFile(faq).page.headerLabel).toBeUndefined();
  });

  it("states no figure in an answer but the spec's: 100 litres, 5+ years, 12 hours, 256-bit", () => {
    const figures = questions.flatMap((question) =>
      question.answer.flatMap((paragraph) => paragraph.match(/\d+\+?/g) ?? []),
    );
    expect(figures.length).toBeGreaterThan(0);
    expect(new Set(figures)).toEqual(new Set(["100", "5+", "12", "256"]));
  });

  it("writes a label that recurs (Request a demo) in one casing wherever it is", () => {
    // Labels of words, not one-word codes such as a product's section; Google's "Privacy Policy"
    // in the bot check's notice is the name of Google's page, in Google's required wording.
    const labels = copyTexts().filter(
      ({ text, field }) =>
        text.includes(" ") && text.length < 40 && !field.startsWith("enquiryForm.botCheckNotice"),
    );
    // The same words once a sentence's first letter is set aside are written alike.
    const casings = new Map<string, Set<string>>();
    for (const { text } of labels) {
      const key = text.toLowerCase();
      casings.set(key, (casings.get(key) ?? new Set()).add(text.slice(1)));
    }
    expect([...casings].filter(([, written]) => written.size > 1)).toEqual([]);
  });

  it("introduces, describes and lists a section's parts in one order", () => {
    for (const page of pageList.filter((entry) => entry.kind === "product")) {
      const { highlights, features } = pageFile(page);
      const described = features.map((feature) => feature.featureName);
      const introduced = highlights?.columns.map((column) => column.heading) ?? [];
      expect(
        introduced.filter((name) => described.includes(name)),
        page.path,
      ).toEqual(described.filter((name) => introduced.includes(name)));
      const told = features.flatMap((feature) => feature.product ?? []);
      const listed = inFeatureOrder(siteProducts(), { features }).map((product) => product.slug);
      expect(listed.filter((slug) => told.includes(slug))).toEqual(told);
    }
  });
});

describe("the company's phone numbers", () => {
  it("are South African or international, and tapped as tel: and wa.me addresses", () => {
    for (const good of ["021 555 0123", "0825550199", "+27 82 555 0199", "+44 20 7946 0958"]) {
      expect(good).toMatch(phonePattern);
    }
    for (const bad of ["555 0123", "+27 082 555 0199", "021 555 012", "+0 123 4567", "tel:021"]) {
      expect(bad).not.toMatch(phonePattern);
    }
    const { labels } = companyDetails();
    expect(companyFile.safeParse({ labels, phone: "555 0123" }).success).toBe(false);
    expect(telAddress("021 555 0123")).toBe("tel:+27215550123");
    expect(telAddress("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(whatsappAddress("082 555 0199", "Hello, a question")).toBe(
      "https://wa.me/27825550199?text=Hello%2C%20a%20question",
    );
  });
});

describe("the reader", () => {
  it("reads no setting as it is imported: a bad one stops only what uses it", async () => {
    vi.stubEnv("VITE_SUPPORT_EMAIL", "not-an-address");
    try {
      vi.resetModules();
      const reader = await import("./site-content");
      expect(() => reader.siteSettings()).toThrow(/VITE_SUPPORT_EMAIL/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
