// The share card of every page and the app icons, drawn at build time from our own artwork and
// logo mark (served by app/pages/social/[id].png.ts and the icon routes beside it).
import { createRequire } from "node:module";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { pictureSource } from "../components/picture";
import type { PageBlockFile } from "../content/schemas";
import { colourToken } from "../styles/colour-tokens";
import { brandMarkColours, logoMarkShapes } from "./logo-mark";
import { shareCardSize } from "./page-head";
import { type AppIcon, themeColour } from "./site-icons";

const require = createRequire(import.meta.url);

// resvg draws text only with font files it is given (TTF/OTF, not the site's woff2). Inter,
// the site's typeface, comes from a devDependency, never from fonts that happen to be installed.
const fontOptions: ResvgRenderOptions["font"] = {
  fontFiles: [
    require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf"),
    require.resolve("@expo-google-fonts/inter/500Medium/Inter_500Medium.ttf"),
  ],
  loadSystemFonts: false,
  defaultFontFamily: "Inter",
};

const onHero = colourToken("color-on-hero");
const onHeroMuted = colourToken("color-on-hero-muted");
const accent = colourToken("color-accent");

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] ?? char,
  );
}

function textWidth(text: string, fontSize: number, fontWeight: number): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="400"><text x="0" y="200" font-family="Inter" font-weight="${fontWeight}" font-size="${fontSize}">${escapeXml(text)}</text></svg>`;
  return new Resvg(svg, { font: fontOptions }).getBBox()?.width ?? 0;
}

/**
 * Breaks text into lines no wider than maxWidth, trying smaller sizes until it fits in
 * maxLines. Measured with the real font, so long titles never run off the card.
 */
export function fitText(
  text: string,
  box: { maxWidth: number; maxLines: number; sizes: readonly number[]; fontWeight: number },
): { fontSize: number; lines: string[] } {
  const words = text.split(/\s+/).filter(Boolean);
  let fitted = { fontSize: box.sizes[0] ?? 48, lines: [text] };
  for (const fontSize of box.sizes) {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      const joined = last === undefined ? word : `${last} ${word}`;
      if (last !== undefined && textWidth(joined, fontSize, box.fontWeight) <= box.maxWidth) {
        lines[lines.length - 1] = joined;
      } else {
        lines.push(word);
      }
    }
    fitted = { fontSize, lines };
    const widest = Math.max(...lines.map((line) => textWidth(line, fontSize, box.fontWeight)));
    if (lines.length <= box.maxLines && widest <= box.maxWidth) return fitted;
  }
  return fitted;
}

function textLines(
  lines: readonly string[],
  at: {
    x: number;
    y: number;
    fontSize: number;
    lineHeight: number;
    fontWeight: number;
    fill: string;
  },
): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${at.x}" y="${at.y + index * at.lineHeight}" font-family="Inter" font-weight="${at.fontWeight}" font-size="${at.fontSize}" fill="${at.fill}">${escapeXml(line)}</text>`,
    )
    .join("");
}

function dataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The card: logo and company name, the page title, the site's host, the page's illustration. */
export function shareCardSvg(
  page: Pick<PageBlockFile, "title" | "shareCard">,
  { companyName, host }: { companyName: string; host: string },
): string {
  const { width, height } = shareCardSize;
  const artwork = pictureSource(page.shareCard.picture);
  const title = fitText(page.title, {
    maxWidth: 560,
    maxLines: 3,
    sizes: [68, 60, 52, 44],
    fontWeight: 700,
  });
  const lineHeight = Math.round(title.fontSize * 1.15);
  // The title block sits in the middle of the left column, whatever its line count.
  const titleTop = 315 - ((title.lines.length - 1) * lineHeight) / 2 + title.fontSize * 0.35;
  const markColours = { drop: onHero, dial: themeColour };
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${themeColour}"/>`,
    `<circle cx="${width - 150}" cy="${height + 60}" r="330" fill="${brandMarkColours.drop}"/>`,
    `<rect x="0" y="${height - 12}" width="${width}" height="12" fill="${accent}"/>`,
    `<g transform="translate(72 64) scale(2)">${logoMarkShapes(markColours)}</g>`,
    textLines([companyName], {
      x: 146,
      y: 114,
      fontSize: 36,
      lineHeight: 0,
      fontWeight: 700,
      fill: onHero,
    }),
    textLines(title.lines, {
      x: 80,
      y: titleTop,
      fontSize: title.fontSize,
      lineHeight,
      fontWeight: 700,
      fill: onHero,
    }),
    host
      ? textLines([host], {
          x: 80,
          y: 560,
          fontSize: 28,
          lineHeight: 0,
          fontWeight: 500,
          fill: onHeroMuted,
        })
      : "",
    `<rect x="676" y="111" width="456" height="408" rx="28" fill="${colourToken("color-surface-tint")}"/>`,
    `<image x="704" y="139" width="400" height="352" preserveAspectRatio="xMidYMid meet" href="${dataUri(artwork)}"/>`,
    "</svg>",
  ].join("");
}

/** An icon: the plain mark on a transparent square, or full bleed with the mark in the safe zone. */
export function iconSvg(purpose: AppIcon["purpose"]): string {
  if (purpose === "any") {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${logoMarkShapes(brandMarkColours)}</svg>`;
  }
  // Masks may cut everything outside the central circle of 80% diameter: the mark fits in 60%.
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">`,
    `<rect width="32" height="32" fill="${themeColour}"/>`,
    `<g transform="translate(6.4 6.4) scale(0.6)">${logoMarkShapes({ drop: onHero, dial: themeColour })}</g>`,
    "</svg>",
  ].join("");
}

export function renderPng(svg: string, width: number): Buffer {
  return new Resvg(svg, { font: fontOptions, fitTo: { mode: "width", value: width } })
    .render()
    .asPng();
}

/** An ICO file holding PNG images (understood by every browser since IE 9 and Windows Vista). */
export function icoFile(pngs: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map(({ png }) => png)]);
}
