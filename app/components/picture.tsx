import type { PictureName } from "../content/picture-list";
import { pictureSource } from "../lib/picture-source";

// Pictures go into the page as <svg> markup, not as images: Chromium builds a document of its
// own for every SVG image, which a slow phone pays for on its main thread (decision 0023).

// What a picture may not hold once it is part of the page: scripts and handlers (the pages run
// none), styles (the CSP allows only the page's own hashed ones), ids (two pictures on one page
// could collide) and outside references.
const UNSAFE_IN_PAGE = /<script|<style|<foreignObject|\son\w+\s*=|\sstyle\s*=|\sid\s*=|href\s*=/i;

/** An SVG file's root attributes as React props, its size from its viewBox, and its content. */
export function inlineSvg(source: string, name: string) {
  const root = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(source);
  if (!root) throw new Error(`picture ${name}: not one <svg> element`);
  const unsafe = UNSAFE_IN_PAGE.exec(source);
  if (unsafe) throw new Error(`picture ${name}: holds ${unsafe[0].trim()}`);
  const [, rootAttributes = "", markup = ""] = root;
  const attributes: Record<string, string> = {};
  for (const [, attribute = "", value = ""] of rootAttributes.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    // The page's HTML puts <svg> in its namespace.
    if (["xmlns", "width", "height"].includes(attribute)) continue;
    attributes[attribute.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  const [width, height] = (attributes.viewBox ?? "").split(/\s+/).slice(2).map(Number);
  if (!width || !height) throw new Error(`picture ${name}: needs a viewBox "0 0 width height"`);
  return { attributes, markup: markup.trim(), width, height };
}

type PictureProps = {
  name: PictureName;
  /** Read out to people who cannot see the picture; empty for decoration, which is hidden. */
  alt: string;
  className?: string;
};

/** A picture of app/assets/illustrations/, at its intrinsic size so its space is reserved. */
export function Picture({ name, alt, className }: PictureProps) {
  const { attributes, markup, width, height } = inlineSvg(pictureSource(name), name);
  return (
    <svg
      {...attributes}
      width={width}
      height={height}
      // As object-fit: cover: a box of another shape (the home hero's circle) is filled.
      preserveAspectRatio="xMidYMid slice"
      className={className}
      {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own files, checked above.
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
