import { contentFileOf, type PageEntry } from "./page-list.ts";
import type { ProductFile } from "./schemas.ts";

// Products are a folder of content files, one per product (app/content/products/<name>.yaml):
// each is a page at /<section>/<name> and a datasheet, with no entry in the page list.

export const productFolder = "products";

/** A product as pages read it: its file name (`slug`), its words, and where it lives. */
export type Product = ProductFile & { slug: string; path: string; datasheetPath: string };

export const productOf = (slug: string, file: ProductFile): Product => ({
  ...file,
  slug,
  path: `/${file.section}/${slug}`,
  // The built datasheet (app/pages/datasheets/[product].pdf.ts).
  datasheetPath: `/datasheets/${slug}.pdf`,
});

/**
 * The page each product is, in the shape of the page list's pages, so the head, share card and
 * sitemap treat it as one: its id (the share card's name) is `product-<name>`.
 */
export const productPageOf = (product: Product) => ({
  id: `product-${product.slug}`,
  path: product.path,
  ...product.page,
});

/** Every product an entry names is a product there is: the build stops, naming the entry, on one that is not. */
export function checkProductsNamed(
  entry: string,
  named: readonly string[] | undefined,
  products: readonly Pick<Product, "slug">[],
) {
  const unknown = named?.find((slug) => !products.some((product) => product.slug === slug));
  if (unknown) {
    throw new Error(
      `${entry}: names the product "${unknown}", which has no file in app/content/products/`,
    );
  }
}

/** Every feature row's product is a product there is: a misspelt name is refused, not unlinked. */
export function checkProductLinks(
  pages: readonly { path: string; features?: readonly { product?: string }[] }[],
  products: readonly Pick<Product, "slug">[],
) {
  for (const page of pages) {
    for (const row of page.features ?? []) {
      if (row.product && !products.some((product) => product.slug === row.product)) {
        throw new Error(
          `${page.path}: a feature row links to the product "${row.product}", which has no file in app/content/products/`,
        );
      }
    }
  }
}

/** A page's feature rows and /faq's questions name only products there are. */
/**
 * A section's products in the order its page describes them (its feature rows), then the others
 * by name: the list under the rows names the parts in the order the page told them.
 */
export function inFeatureOrder<P extends Pick<Product, "slug">>(
  products: readonly P[],
  content: { features?: readonly { product?: string }[] },
): P[] {
  const told = (content.features ?? []).map((feature) => feature.product);
  const rank = (product: P) => {
    const at = told.indexOf(product.slug);
    return at === -1 ? told.length : at;
  };
  return products.toSorted((a, b) => rank(a) - rank(b));
}

export function checkPageProducts(
  page: PageEntry,
  content: {
    features?: readonly { product?: string }[];
    questions?: readonly { id: string; products?: readonly string[] }[];
  },
  products: readonly Pick<Product, "slug">[],
) {
  checkProductLinks([{ path: page.path, ...content }], products);
  for (const question of content.questions ?? []) {
    const entry = `${contentFileOf(page)}: the question "${question.id}"`;
    checkProductsNamed(entry, question.products, products);
  }
}
