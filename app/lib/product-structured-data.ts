import type { Product as ProductThing } from "schema-dts";
import type { Approval } from "../content/documents";
import type { Product } from "../content/products";

/**
 * A product as schema.org describes it, from the words its page shows: its specifications are
 * `additionalProperty` values, its approvals `hasCertification` (a Certification: standard,
 * number, issuer, date), and its maker is the organisation the home page describes.
 */
export function productStructuredData(
  product: Product,
  approvals: readonly Approval[],
  { companyName, siteUrl }: { companyName: string; siteUrl: string },
): ProductThing {
  return {
    "@type": "Product",
    name: product.page.title,
    description: product.page.description,
    url: `${siteUrl}${product.path}`,
    image: `${siteUrl}/social/product-${product.slug}.png`,
    brand: { "@type": "Brand", name: companyName },
    manufacturer: { "@id": `${siteUrl}/#organization` },
    additionalProperty: (product.specifications ?? []).map((specification) => ({
      "@type": "PropertyValue",
      name: specification.name,
      value: specification.value,
      ...(specification.unit && { unitText: specification.unit }),
      ...(specification.note && { description: specification.note }),
    })),
    ...(approvals.length > 0 && {
      hasCertification: approvals.map((approval) => ({
        "@type": "Certification",
        name: approval.standard,
        certificationIdentification: approval.certificate,
        issuedBy: { "@type": "Organization", name: approval.issuedBy },
        validFrom: approval.issued,
        ...(approval.href && { url: `${siteUrl}${approval.href}` }),
      })),
    }),
  };
}
