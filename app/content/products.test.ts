import { readFileSync } from "node:fs";
import { join } from "node:path";
import { assert, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { productStructuredData } from "../lib/product-structured-data";
import { approvalsOf, productDownloads, siteDocumentOf } from "./documents";
import { checkProductLinks, checkProductsNamed, productOf, productRedirects } from "./products";
import { documentFile, productFile } from "./schemas";
import { pageFile, sitePages, siteProducts } from "./site-content";

// Adding a product is one file in app/content/products/ (docs/editing-the-site.md, "Products,
// their specifications and datasheets"): here the fixture remote-valve.yaml, as the editor
// writes one.
const fixtures = join(import.meta.dirname, "fixtures");
const read = (path: string) => parse(readFileSync(join(fixtures, path), "utf8"));
const fixture = productFile.parse(read("remote-valve.yaml"));
const valve = productOf("remote-valve", fixture);
// The certificate its first approval links.
const certificate = siteDocumentOf(
  "remote-valve-sans-1529-certificate",
  documentFile.parse(read("documents/remote-valve-sans-1529-certificate.yaml")),
  join(fixtures, "documents"),
);
assert(certificate);

describe("a product file", () => {
  it("may leave out its specifications, and refuses a row without a value or an unknown section", () => {
    const { specifications: _, ...bare } = fixture;
    expect(productFile.parse(bare).specifications).toBeUndefined();
    const problem = productFile.safeParse({
      ...fixture,
      specifications: [{ name: "Battery life", value: "" }],
    });
    expect(problem.error?.issues[0]?.path).toEqual(["specifications", 0, "value"]);
    // Nor may its address part be other than a section.
    expect(productFile.safeParse({ ...fixture, section: "valves" }).success).toBe(false);
  });
});

describe("a product whose address changed", () => {
  const moved = "/hardware/remote-shutoff-valve";
  it("is built at its address, its former ones and its file name's lead there, and what names it by file name still finds it", () => {
    expect(valve).toMatchObject({ slug: "remote-valve", path: moved });
    expect(productRedirects([valve])).toEqual(
      Object.fromEntries(
        ["remote-valve", "shutoff-valve"].flatMap((name) =>
          ["hardware", "software"].map((section) => [`/${section}/${name}`, moved]),
        ),
      ),
    );
    // The valve's certificate names it by file name, and is still one of its page's downloads.
    expect(() => checkProductsNamed("x", certificate.products, [valve])).not.toThrow();
    const built = () => ({ href: valve.datasheetPath, title: "Datasheet", bytes: 1 });
    expect(
      productDownloads(valve.slug, [{ ...certificate, bytes: 1 }], built).map((d) => d.href),
    ).toContain(certificate.href);
  });

  const other = (slug: string, more: object = {}) =>
    productOf(slug, { ...fixture, address: undefined, formerAddresses: undefined, ...more });
  it.each([
    ["an address", other("valve", { address: "remote-shutoff-valve" }), "remote-shutoff-valve"],
    ["a former address", other("valve", { formerAddresses: ["shutoff-valve"] }), "shutoff-valve"],
  ])("stops the build on %s two products claim, naming both", (_, second, address) => {
    expect(() => productRedirects([valve, second])).toThrow(
      `products/valve.yaml and products/remote-valve.yaml: both claim /hardware/${address}`,
    );
  });

  it("leaves a former address that is another product's page now to that page", () => {
    const redirects = productRedirects([valve, other("shutoff-valve")]);
    expect(redirects["/hardware/shutoff-valve"]).toBeUndefined();
  });
});

describe("the products' links", () => {
  it("hold for the launch content, and stop the build on a feature row naming no product", () => {
    const pages = sitePages().map((page) => ({ ...page, ...pageFile(page) }));
    expect(() => checkProductLinks(pages, siteProducts())).not.toThrow();
    const page = { path: "/hardware", features: [{ product: "water-metre" }] };
    expect(() => checkProductLinks([page], siteProducts())).toThrow(
      /\/hardware: .*"water-metre", which has no file/,
    );
  });

  it("from an entry (a case study, a question, a document) may name products there are, or none, and no other", () => {
    expect(() => checkProductsNamed("x", ["water-meter"], siteProducts())).not.toThrow();
    expect(() => checkProductsNamed("x", undefined, siteProducts())).not.toThrow();
    expect(() =>
      checkProductsNamed(
        'case study "Sunbird Estate" (case-studies/sunbird-estate.yaml)',
        ["water-meter", "smart-water-meter"],
        siteProducts(),
      ),
    ).toThrow(
      /^case study "Sunbird Estate" \(case-studies\/sunbird-estate.yaml\): names the product "smart-water-meter", which has no file/,
    );
  });
});

describe("a product's structured data", () => {
  it("carries each specification as a property value, with its unit and note", () => {
    const data = productStructuredData(valve, approvalsOf(valve, [certificate]), {
      companyName: "Metsi Works",
      siteUrl: "https://x.example",
    });
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Remote valve",
      url: "https://x.example/hardware/remote-shutoff-valve",
      brand: { "@type": "Brand", name: "Metsi Works" },
      manufacturer: { "@id": "https://x.example/#organization" },
      hasCertification: [
        {
          "@type": "Certification",
          name: "SANS 1529-1",
          certificationIdentification: "FIX-1529-0001",
          issuedBy: { "@type": "Organization", name: "Fixture Approvals Body" },
          validFrom: "2026-06-30",
          url: `https://x.example${certificate.href}`,
        },
        { name: "OIML R 49" },
      ],
    });
    expect(data.additionalProperty).toHaveLength(valve.specifications?.length ?? 0);
    expect((data.additionalProperty as unknown[]).slice(0, 4)).toMatchObject([
      {
        "@type": "PropertyValue",
        name: "Closing time",
        value: "Under 10",
        unitText: "seconds",
        description: "Fixture figure, for tests only",
      },
      { "@type": "PropertyValue", name: "Fits", value: "Our smart water meters" },
      { name: "Maksimumwerkingsdruktoetsingsvermoë", value: "16", unitText: "bar" },
      { name: "Permanent flow rate (Q3)", value: "2,5", unitText: "m³/h" },
    ]);
  });
});
