import { getImage } from "astro:assets";
import { type CollectionEntry, getCollection, getEntry } from "astro:content";
import type { PhotoProps } from "../components/proof/case-studies";
import { caseStudiesFolder } from "./case-study-schema";
import { fillPlaceholders } from "./placeholders";
import { checkProductsNamed } from "./products";
import { builtContent, placeholders } from "./site-content";

// Case studies and the company's contacts as pages read them at build time, checked by their
// collections' schemas (app/content.config.ts), with the settings' placeholders filled.

export const companyContent = async () => {
  const entry = await getEntry("company", "company");
  if (!entry) throw new Error("no company.yaml content");
  return fillPlaceholders(entry.data, placeholders);
};

export const caseStudiesPageContent = async () => {
  const entry = await getEntry("caseStudiesPage", "case-studies");
  if (!entry) throw new Error("no case-studies.yaml content");
  return fillPlaceholders(entry.data, placeholders);
};

export type CaseStudy = Omit<CollectionEntry<"caseStudies">["data"], "photos"> & {
  slug: string;
  photos: NonNullable<CollectionEntry<"caseStudies">["data"]["photos"]>;
};

/** Every study, newest first; none at launch, and then no page, section or link shows them. */
export async function caseStudies(): Promise<CaseStudy[]> {
  const entries = await getCollection("caseStudies");
  const products = (await builtContent()).siteProducts();
  return entries
    .map((entry) => {
      const file = `${caseStudiesFolder}/${entry.id}.yaml`;
      checkProductsNamed(
        `case study "${entry.data.title}" (${file})`,
        entry.data.products,
        products,
      );
      return entry;
    })
    .map((entry) => ({
      ...fillPlaceholders(entry.data, placeholders),
      photos: entry.data.photos ?? [],
      slug: entry.id,
    }))
    .toSorted((a, b) =>
      a.date < b.date ? 1 : a.date > b.date ? -1 : a.slug.localeCompare(b.slug),
    );
}

/** The studies that used a product, newest first: for that product's page. */
export const caseStudiesUsing = async (product: string) =>
  (await caseStudies()).filter((study) => study.products.includes(product));

// A photo is drawn at most 48rem (768 px) wide, the article's column, and the full width of a
// phone less its margins: widths for one, two and three device pixels per CSS pixel.
const photoSizes = "(min-width: 50rem) 48rem, calc(100vw - 2rem)";
const photoWidths = [360, 480, 768, 1080, 1536];
const formats = ["avif", "webp"] as const;

/** A study's photos, resized and written as AVIF and WebP (and JPEG for the rest) by Astro's image tools. */
export const studyPhotos = (study: CaseStudy): Promise<PhotoProps[]> =>
  Promise.all(
    study.photos.map(async ({ src, alt }) => {
      const widths = photoWidths.filter((width) => width <= src.width);
      const options = { src, widths, sizes: photoSizes, width: Math.min(768, src.width) };
      const [fallback, ...modern] = await Promise.all([
        getImage({ ...options, format: "jpg" }),
        ...formats.map((format) => getImage({ ...options, format })),
      ]);
      if (!fallback) throw new Error(`photo ${src.src}: not made`);
      return {
        src: fallback.src,
        srcset: fallback.srcSet.attribute,
        width: src.width,
        height: src.height,
        alt,
        sizes: photoSizes,
        sources: modern.map((image, index) => ({
          type: `image/${formats[index]}`,
          srcset: image.srcSet.attribute,
        })),
      };
    }),
  );
