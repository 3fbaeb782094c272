import { type PictureName, pictureSizes } from "./picture-list";
import type { HeroFile } from "./schemas";
import type { HeroContent, ImageAsset, InlineSvg } from "./types";

export type PictureResolver = (name: PictureName, alt: string) => ImageAsset;

/**
 * Resolves picture names against the SVG files a module imported as text (an import.meta.glob
 * of app/assets/illustrations/ with `?raw`), so each page draws only the pictures it may show.
 * The pictures go into the page as `<svg>` markup, not as images: Chromium builds a whole
 * document of its own for every SVG image, which cost the product pages 150–200 ms of a slow
 * phone's main thread (decision 0023).
 */
export function pictureResolver(sources: Record<string, string>): PictureResolver {
  return (name, alt) => {
    const source = sources[`../assets/illustrations/${name}.svg`];
    if (source === undefined) throw new Error(`no picture ${name} in app/assets/illustrations/`);
    return { svg: inlineSvg(source, name), alt, ...pictureSizes[name] };
  };
}

// What a picture may not hold once it is part of the page: scripts and handlers (the pages run
// none), style attributes and elements (the strict CSP allows only the page's own hashed
// styles), ids (two pictures on one page could collide) and outside references.
const UNSAFE_IN_PAGE = /<script|<style|<foreignObject|\son\w+\s*=|\sstyle\s*=|\sid\s*=|href\s*=/i;

/** An SVG file's root attributes, as React props, and its content, checked for the page. */
export function inlineSvg(source: string, name: string): InlineSvg {
  const root = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(source);
  if (!root) throw new Error(`picture ${name}: not one <svg> element`);
  const [, rootAttributes = "", markup = ""] = root;
  if (UNSAFE_IN_PAGE.test(source)) {
    throw new Error(`picture ${name}: holds ${UNSAFE_IN_PAGE.exec(source)?.[0].trim()}`);
  }
  const attributes: Record<string, string> = {};
  for (const [, attribute = "", value = ""] of rootAttributes.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    // The page's HTML puts <svg> in its namespace; the size comes from the picture list.
    if (["xmlns", "width", "height"].includes(attribute)) continue;
    attributes[attribute.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return { attributes, markup: markup.trim() };
}

export function heroContent(
  { illustration, ...hero }: HeroFile,
  resolve: PictureResolver,
): HeroContent {
  return { ...hero, illustration: resolve(illustration.picture, illustration.alt) };
}
