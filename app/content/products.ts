import { contentFileOf, type PageEntry } from "./page-list.ts";
import type { ProductFile } from "./schemas.ts";

// Products are a folder of content files, one per product (app/content/products/<name>.yaml):
// each is a page at /<section>/<name> and a datasheet, with no entry in the page list.

export const productFolder = "products";

/**
 * A product as pages read it: its file name (`slug`), its words, and where it lives. Its photo is
 * Astro's image in the build, its path (beside the product's file) for tests and tools.
 */
export type Product<Photo = unknown> = Omit<ProductFile, "photo"> & {
  photo?: { src: Photo; alt: string };
  slug: string;
  path: string;
  datasheetPath: string;
};

export const productOf = <Photo = string>(
  slug: string,
  file: Omit<ProductFile, "photo"> & { photo?: { src: Photo; alt: string } },
): Product<Photo> => ({
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
export const productPageOf = (product: Pick<Product, "slug" | "path" | "page">) => ({
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
