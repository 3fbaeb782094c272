import { getImage } from "astro:assets";
import type { ImageMetadata } from "astro";

/** A photo as Astro's image tools made it: sizes and formats (app/components/photo.tsx). */
export type PhotoProps = {
  src: string;
  /** The JPEG's widths, for browsers without AVIF or WebP. */
  srcset: string;
  width: number;
  height: number;
  alt: string;
  sizes: string;
  sources: { type: string; srcset: string }[];
};

/** How wide a photo is drawn (`sizes`), and the widths made for it. */
type Layout = { sizes: string; widths: number[]; width: number };

// A study's photo is drawn at most 48rem (768 px) wide, the article's column, and the full width
// of a phone less its margins: widths for one, two and three device pixels per CSS pixel. Astro
// leaves out the widths beyond the upload's own and adds that width instead.
const studyLayout: Layout = {
  sizes: "(min-width: 50rem) 48rem, calc(100vw - 2rem)",
  widths: [360, 480, 768, 1080, 1536],
  width: 768,
};
// A product's photo or drawing: beside its claims, at most 24rem wide, from 48rem on.
const productLayout: Layout = {
  sizes: "(min-width: 48rem) 24rem, calc(100vw - 2rem)",
  widths: [360, 480, 768, 1080],
  width: 384,
};
const formats = ["avif", "webp"] as const;

/**
 * A photo resized and written as AVIF and WebP (and JPEG for the rest) by Astro's image tools,
 * which drop the upload's metadata (its EXIF: where it was taken, by whom).
 *
 * The upload itself is never read here: Astro publishes an image's original file, metadata and
 * all, as soon as the build reads any of its properties (its width, its path), and deletes it
 * when only `getImage` has. So the sizes come from what `getImage` made.
 */
const sized =
  ({ sizes, widths, width }: Layout) =>
  async <Photo extends { src: ImageMetadata; alt: string }>({
    src,
    ...words
  }: Photo): Promise<PhotoProps & Omit<Photo, "src">> => {
    const options = { src, widths, sizes, width };
    const [fallback, modern] = await Promise.all([
      getImage({ ...options, format: "jpg" }),
      Promise.all(formats.map((format) => getImage({ ...options, format }))),
    ]);
    return {
      src: fallback.src,
      srcset: fallback.srcSet.attribute,
      width: Number(fallback.attributes.width),
      height: Number(fallback.attributes.height),
      ...words,
      sizes,
      sources: modern.map((image, index) => ({
        type: `image/${formats[index]}`,
        srcset: image.srcSet.attribute,
      })),
    };
  };

/** A study's photos, for its page, with their caption and place. */
export const studyPhotos = <Photo extends { src: ImageMetadata; alt: string }>(
  photos: readonly Photo[],
) => Promise.all(photos.map((photo) => sized(studyLayout)(photo)));

/** Each study's first photo, by the study's slug: what its cards show. */
export async function firstPhotos(
  studies: readonly { slug: string; photos: { src: ImageMetadata; alt: string }[] }[],
): Promise<Record<string, PhotoProps | undefined>> {
  const firsts = studies.flatMap((study) =>
    study.photos[0] ? [[study.slug, study.photos[0]] as const] : [],
  );
  const photos = await studyPhotos(firsts.map(([, photo]) => photo));
  return Object.fromEntries(firsts.map(([slug], index) => [slug, photos[index]]));
}

/** A product's photo or drawing, for its page. */
export const productPhoto = sized(productLayout);

/**
 * The upload's own file, which the datasheet draws from: Astro's image holds it as `fsPath`
 * (not in its type), the one property whose reading does not publish the upload.
 */
export function uploadOf(image: ImageMetadata): string {
  const { fsPath } = image as ImageMetadata & { fsPath?: unknown };
  if (typeof fsPath !== "string") throw new Error(`no file for the image ${image.src}`);
  return fsPath;
}
