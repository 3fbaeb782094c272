import { icoFile, iconSvg, renderPng } from "../lib/share-cards";
import { faviconIcoSizes } from "../lib/site-icons";

// For browsers and tools that do not take favicon.svg.
export const GET = () =>
  new Response(
    new Uint8Array(
      icoFile(faviconIcoSizes.map((size) => ({ size, png: renderPng(iconSvg("any"), size) }))),
    ),
    {
      headers: { "content-type": "image/vnd.microsoft.icon" },
    },
  );
