// The images made at build time from our own artwork and logo mark: each page's share card and
// the app icons (served by app/pages/social/[id].png.ts and the icon routes beside it).
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import type { PageBlockFile } from "../content/schemas";
import { colourToken } from "../styles/colour-tokens";
import { brandMarkColours, logoMarkShapes, logoMarkSvg } from "./logo-mark";
import { shareCardSize } from "./page-head";
import { pictureSource } from "./picture-source";
import { themeColour } from "./site-icons";

// resvg draws text only with the font files it is given (TTF, not the site's woff2): Inter, from
// a devDependency, never whatever fonts are installed.
const font = {
  fontFiles: ["700Bold/Inter_700Bold.ttf", "500Medium/Inter_500Medium.ttf"].map((file) =>
    createRequire(import.meta.url).resolve(`@expo-google-fonts/inter/${file}`),
  ),
  loadSystemFonts: false,
  defaultFontFamily: "Inter",
};

const onHero = colourToken("color-on-hero");
const onHeroMuted = colourToken("color-on-hero-muted");
const titleBox = { maxWidth: 560, maxLines: 3, sizes: [68, 60, 52, 44], fontWeight: 700 };
/** The mark on the hero blue, as the icons and cards show it. */
const markOnHero = logoMarkShapes({ drop: onHero, dial: themeColour });

const entities: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" };

type TextStyle = { x: number; y: number; size: number; weight: number; fill: string };
const text = (line: string, { x, y, size, weight, fill }: TextStyle) =>
  `<text x="${x}" y="${y}" font-family="Inter" font-weight="${weight}" font-size="${size}" fill="${fill}">${line.replace(/[<>&"]/g, (char) => entities[char] ?? char)}</text>`;

const textWidth = (line: string, size: number, weight: number) =>
  new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="400">${text(line, { x: 0, y: 200, size, weight, fill: "black" })}</svg>`,
    { font },
  ).getBBox()?.width ?? 0;

// Breaks text into lines no wider than maxWidth, at the first of the sizes that fits in
// maxLines. Measured with the real font, so long titles never run off the card.
export function fitText(
  text: string,
  box: { maxWidth: number; maxLines: number; sizes: readonly number[]; fontWeight: number },
) {
  const words = text.split(/\s+/).filter(Boolean);
  let fitted = { fontSize: box.sizes[0] ?? 48, lines: [text] };
  for (const fontSize of box.sizes) {
    const width = (line: string) => textWidth(line, fontSize, box.fontWeight);
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && width(`${last} ${word}`) <= box.maxWidth) {
        lines[lines.length - 1] = `${last} ${word}`;
      } else {
        lines.push(word);
      }
    }
    fitted = { fontSize, lines };
    if (lines.length <= box.maxLines && Math.max(...lines.map(width)) <= box.maxWidth) break;
  }
  return fitted;
}

/** The card: logo and company name, the page title, the site's host, the page's illustration. */
export function shareCardSvg(
  page: Pick<PageBlockFile, "title" | "shareCard">,
  { companyName, host }: { companyName: string; host: string },
) {
  const { width, height } = shareCardSize;
  const title = fitText(page.title, titleBox);
  const lineHeight = Math.round(title.fontSize * 1.15);
  // The title block sits in the middle of the left column, whatever its line count.
  const titleTop = 315 - ((title.lines.length - 1) * lineHeight) / 2 + title.fontSize * 0.35;
  const titleStyle = { x: 80, size: title.fontSize, weight: 700, fill: onHero };
  const artwork = Buffer.from(pictureSource(page.shareCard.picture)).toString("base64");
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${themeColour}"/>`,
    `<circle cx="${width - 150}" cy="${height + 60}" r="330" fill="${brandMarkColours.drop}"/>`,
    `<rect x="0" y="${height - 12}" width="${width}" height="12" fill="${colourToken("color-accent")}"/>`,
    `<g transform="translate(72 64) scale(2)">${markOnHero}</g>`,
    text(companyName, { x: 146, y: 114, size: 36, weight: 700, fill: onHero }),
    ...title.lines.map((line, i) => text(line, { ...titleStyle, y: titleTop + i * lineHeight })),
    host ? text(host, { x: 80, y: 560, size: 28, weight: 500, fill: onHeroMuted }) : "",
    `<rect x="676" y="111" width="456" height="408" rx="28" fill="${colourToken("color-surface-tint")}"/>`,
    `<image x="704" y="139" width="400" height="352" preserveAspectRatio="xMidYMid meet" href="data:image/svg+xml;base64,${artwork}"/>`,
    "</svg>",
  ].join("");
}

/** An icon: the plain mark on a transparent square, or full bleed with the mark in the safe zone. */
export function iconSvg(purpose: "any" | "maskable") {
  if (purpose === "any") return logoMarkSvg();
  // Masks may cut everything outside the central circle of 80% diameter: the mark fits in 60%.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${themeColour}"/><g transform="translate(6.4 6.4) scale(0.6)">${markOnHero}</g></svg>`;
}

export const renderPng = (svg: string, width: number) =>
  new Resvg(svg, { font, fitTo: { mode: "width", value: width } }).render().asPng();

/** An ICO file of PNG images (which every browser reads). */
export function icoFile(pngs: readonly { size: number; png: Buffer }[]) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(1, 2); // an icon, not a cursor
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    const side = size >= 256 ? 0 : size; // 0 means 256
    header.writeUInt8(side, entry);
    header.writeUInt8(side, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map(({ png }) => png)]);
}
