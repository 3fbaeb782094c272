import type { Redirects } from "../../contract/redirects.ts";
import { contentFileOf, type PageEntry } from "./page-list.ts";
import { type ProductFile, productSections } from "./schemas.ts";

// Products are a folder of content files, one per product (app/content/products/<name>.yaml):
// each is a page at /<section>/<address> and a datasheet, with no entry in the page list. Others
// name a product by its file name, which never changes; its address may.

export const productFolder = "products";

/**
 * A product as pages read it: its file name (`slug`), its words, and where it lives. Its photo is
 * Astro's image in the build, its path (beside the product's file) for tests and tools.
 */
export type Product<Photo = unknown> = Omit<ProductFile, "photo"> & {
  photo?: { src: Photo; alt: string };
  slug: string;
  address: string;
  path: string;
  datasheetPath: string;
};

export const productOf = <Photo = string>(
  slug: string,
  file: Omit<ProductFile, "photo"> & { photo?: { src: Photo; alt: string } },
): Product<Photo> => ({
  ...file,
  slug,
  address: file.address ?? slug,
  path: `/${file.section}/${file.address ?? slug}`,
  // The built datasheet (app/pages/datasheets/[product].pdf.ts), by the name that never changes.
  datasheetPath: `/datasheets/${slug}.pdf`,
});

/**
 * Where the addresses products had lead: each one's file name and former addresses to its page
 * now. An address that is a product's page now stays that page. In its own section, the build
 * stops on an address two products claim, naming both files; in the other (a product may move
 * section), an address another product claims stays theirs.
 */
export function productRedirects(products: readonly Product[]): Redirects {
  const owners = new Map<string, Product>();
  const claim = (path: string, product: Product, what: string) => {
    const other = owners.get(path);
    if (other && other !== product) {
      throw new Error(
        `${productFolder}/${product.slug}.yaml and ${productFolder}/${other.slug}.yaml: both claim ${path} (${what}); give one another address`,
      );
    }
    owners.set(path, product);
  };
  for (const product of products) claim(product.path, product, "as their page");
  const redirects: Redirects = {};
  for (const own of [true, false]) {
    for (const product of products) {
      const sections = productSections.filter((section) => (section === product.section) === own);
      for (const address of new Set([product.slug, ...(product.formerAddresses ?? [])])) {
        for (const path of sections.map((section) => `/${section}/${address}`)) {
          if (owners.get(path)?.path === path || (!own && owners.has(path))) continue;
          claim(path, product, "as a former address");
          redirects[path] = product.path;
        }
      }
    }
  }
  return redirects;
}

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
