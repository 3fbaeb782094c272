import pages from "virtual:content/product";
import type { PageIdOfKind } from "./page-list";
import { heroContent, pictureResolver } from "./pictures";
import type { ProductPageFile } from "./schemas";
import type { InfoBlockItem, InfoListContent } from "./types";

/** Any picture of the fixed list, as markup for the page (app/content/pictures.ts). */
export const pictureAsset = pictureResolver(
  import.meta.glob<string>("../assets/illustrations/*.svg", {
    eager: true,
    import: "default",
    query: "?raw",
  }),
);

/** A product page's copy as its blocks take it: each named picture resolved to its markup and size. */
export function productPage({ hero, highlights, features }: ProductPageFile) {
  return {
    hero: heroContent(hero, pictureAsset),
    highlights: {
      ...highlights,
      // Column icons are decoration beside their heading.
      columns: highlights.columns.map(({ icon, ...column }) => ({
        icon: pictureAsset(icon, ""),
        ...column,
      })),
    } satisfies InfoListContent,
    features: features.map(
      ({ illustration, ...item }): InfoBlockItem => ({
        illustration: pictureAsset(illustration.picture, illustration.alt),
        ...item,
      }),
    ),
  } as const;
}

/** A product page of the site, by its id in the page list. */
export function productPageContent(id: PageIdOfKind<"product">) {
  return productPage(pages[id]);
}
