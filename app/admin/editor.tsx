// The content editor's script at /admin: Sveltia CMS, from its npm package and bundled by our
// own build, so its fonts and chunks come from our origin. Its configuration is
// /admin/config.yml, generated from the content schemas (app/content/cms-config.ts).
//
// The preview pane shows the page as the site renders it: the site's own blocks, rendered here
// to HTML with the site's React, with the placeholders filled as the build fills them, and the
// site's CSS, in two frames as wide as a phone and a computer, so each width's layout shows.

import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import CMS from "@sveltia/cms";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server.browser";
import { Hero } from "../components/blocks/hero";
import { LegalPageBlocks } from "../components/legal-page-blocks";
import { ProductPageBlocks } from "../components/product-page-blocks";
import { siteConfig } from "../config";
import { legalPage } from "../content/legal-page";
import { type PageEntry, type PageKind, pageList } from "../content/page-list";
import { heroContent } from "../content/pictures";
import { fillPlaceholders, placeholderValues } from "../content/placeholders";
import { pictureAsset, productPage } from "../content/product-page";
import type { ContactPageFile, LegalPageFile, ProductPageFile } from "../content/schemas";
import { fontFaceCss } from "../lib/web-font";
import siteStyles from "../styles/global.css?url";

/** The widths the preview shows a page at: the narrowest phone the site is made for, and a laptop. */
const previewWidths = [
  { label: "On a phone", width: 375 },
  { label: "On a computer", width: 1280 },
] as const;

/** A URL of the build, absolute, as the frames' srcdoc pages name it. */
const absolute = (url: string) => new URL(url, location.href).href;

/** The site's styles, the global ones and each block's, as the preview frames link them. */
const styleUrls = [
  absolute(siteStyles),
  ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map(
    (link) => link.href,
  ),
];

// The site's font faces, the basic one from Inter's whole latin file: the pages' basic face is cut
// from it for the published words, which the words being typed may outgrow.
const fontFaces = fontFaceCss({
  latin: absolute(interLatin),
  latinExt: absolute(interLatinExt),
  basic: absolute(interLatin),
});

/** A page of the preview's markup with the site's fonts and styles, for a frame of its own. */
const framePage = (markup: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${fontFaces}</style>${styleUrls
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join("")}</head><body>${markup}</body></html>`;

/**
 * Sizes a frame to its page once the page has loaded, and scales a frame wider than the pane
 * down to fit it: the page inside is laid out at the frame's own width all the same.
 */
function fitFrame(frame: HTMLIFrameElement) {
  const box = frame.parentElement;
  const height = frame.contentDocument?.documentElement.scrollHeight;
  if (!box || !height) return;
  const scale = Math.min(1, box.clientWidth / Number(frame.width));
  frame.style.height = `${height}px`;
  frame.style.transform = `scale(${scale})`;
  box.style.height = `${Math.ceil(height * scale)}px`;
}

function PreviewFrames({ markup }: { markup: string }) {
  const page = framePage(markup);
  return previewWidths.map(({ label, width }) => (
    <figure key={width} style={{ margin: "0 0 2rem" }}>
      <figcaption style={{ font: "600 0.875rem/1.5 system-ui, sans-serif", margin: "0.5rem" }}>
        {label} ({width} px wide)
      </figcaption>
      <div style={{ overflow: "hidden" }}>
        <iframe
          title={`${label}: preview`}
          srcDoc={page}
          width={width}
          style={{ border: 0, display: "block", transformOrigin: "0 0" }}
          onLoad={(event) => fitFrame(event.currentTarget)}
        />
      </div>
    </figure>
  ));
}

/** The placeholders' values in this build, as the build fills them into the pages. */
const placeholders = placeholderValues(siteConfig);

/** What the page shows, for each kind of page; the site's shell keeps the editor's own preview. */
const previews: Record<PageKind, (data: never, entry: PageEntry) => ReactElement> = {
  product: (file: ProductPageFile, entry) => (
    <ProductPageBlocks content={productPage(file)} roundHero={entry.roundHero} />
  ),
  // The form itself is an island with a script of its own; the banner is what the copy changes.
  contact: (file: ContactPageFile) => <Hero content={heroContent(file.hero, pictureAsset)} />,
  legal: (file: LegalPageFile) => <LegalPageBlocks content={legalPage(file)} />,
};

// One preview per page of the list: the editor names each page's entry by the page's id.
for (const page of pageList) {
  const render = previews[page.kind];
  CMS.registerPreviewTemplate(page.id, ({ entry }) => {
    const data = (entry.getIn(["data"]) as { toJS(): never } | undefined)?.toJS() as never;
    try {
      const filled = fillPlaceholders(data, placeholders);
      // Markup of the site's own blocks, in which React escaped every text.
      return <PreviewFrames markup={renderToStaticMarkup(<main>{render(filled, page)}</main>)} />;
    } catch {
      // A half-typed entry (a list item just added) cannot be drawn yet: say so, not crash.
      return <p>The preview appears once the required fields are filled in.</p>;
    }
  });
}

CMS.init();
