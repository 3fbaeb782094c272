import { type PictureName, pictureSizes } from "./picture-list";
import type { HeroFile } from "./schemas";
import type { HeroContent, ImageAsset } from "./types";

export type PictureResolver = (name: PictureName, alt: string) => ImageAsset;

/**
 * Resolves picture names against the files a module imported (an import.meta.glob of
 * app/assets/illustrations/), so each page bundles only the pictures it may show.
 */
export function pictureResolver(urls: Record<string, string>): PictureResolver {
  return (name, alt) => {
    const src = urls[`../assets/illustrations/${name}.svg`];
    if (!src) throw new Error(`no picture ${name} in app/assets/illustrations/`);
    return { src, alt, ...pictureSizes[name] };
  };
}

export function heroContent(
  { illustration, ...hero }: HeroFile,
  resolve: PictureResolver,
): HeroContent {
  return { ...hero, illustration: resolve(illustration.picture, illustration.alt) };
}
