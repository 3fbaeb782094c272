import { icoFile, iconSvg, renderPng } from "../lib/share-cards";
import { faviconIcoSizes } from "../lib/site-icons";

export const GET = () => {
  const pngs = faviconIcoSizes.map((size) => ({ size, png: renderPng(iconSvg("any"), size) }));
  return new Response(new Uint8Array(icoFile(pngs)), {
    headers: { "content-type": "image/vnd.microsoft.icon" },
  });
};
