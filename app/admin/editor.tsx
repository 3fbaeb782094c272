// The content editor's script at /admin: Sveltia CMS from its npm package, bundled by our own
// build (scripts/site-integration.ts) so its fonts and chunks come from our origin. Its
// configuration is /admin/config.yml, generated from the content schemas.
//
// The preview shows the page as the site draws it: the site's own blocks rendered to HTML, the
// placeholders filled as the build fills them (/admin/preview.json), and the site's CSS, in two
// frames as wide as a phone and a computer.
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import CMS from "@sveltia/cms";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server.browser";
import { Hero } from "../components/blocks/hero";
import type { GetInTouch } from "../components/get-in-touch-link";
import { LegalPageBlocks } from "../components/legal-page-blocks";
import { ProductPageBlocks } from "../components/product-page-blocks";
import { type PageEntry, type PageKind, pageList } from "../content/page-list";
import { fillPlaceholders, type PlaceholderValues } from "../content/placeholders";
import type { ContactPageFile, LegalPageFile, ProductPageFile } from "../content/schemas";
import { fontFaceCss } from "../lib/web-font";
import siteStyles from "../styles/global.css?url";

const previewWidths = [
  { label: "On a phone", width: 375 },
  { label: "On a computer", width: 1280 },
] as const;

const absolute = (url: string) => new URL(url, location.href).href;

/** The site's styles, the global ones and each block's, as the preview frames link them. */
const styleUrls = [
  absolute(siteStyles),
  ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map(
    (link) => link.href,
  ),
];

// The whole latin file stands in for the pages' cut face: the words being typed may outgrow it.
const fontFaces = fontFaceCss(
  { latin: absolute(interLatin), "latin-ext": absolute(interLatinExt) },
  [],
);

const framePage = (markup: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${fontFaces}</style>${styleUrls
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join("")}</head><body>${markup}</body></html>`;

/** Sizes a frame to its page, and scales a frame wider than the pane down to fit it. */
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

type PreviewData = {
  placeholders: PlaceholderValues;
  getInTouch: GetInTouch;
  supportEmail: string;
};
const { placeholders, getInTouch, supportEmail }: PreviewData = await (
  await fetch("/admin/preview.json")
).json();

/** What the page shows, for each kind of page; the site's shell keeps the editor's own preview. */
const previews: Record<PageKind, (data: never, entry: PageEntry) => ReactElement> = {
  product: (file: ProductPageFile, entry) => (
    <ProductPageBlocks content={file} getInTouch={getInTouch} roundHero={entry.roundHero} />
  ),
  // The form is an island with a script of its own; the banner is what the copy changes.
  contact: (file: ContactPageFile) => <Hero content={file.hero} />,
  legal: (file: LegalPageFile) => (
    <LegalPageBlocks content={file} getInTouch={getInTouch} supportEmail={supportEmail} />
  ),
};

for (const page of pageList) {
  const render = previews[page.kind];
  CMS.registerPreviewTemplate(page.id, ({ entry }) => {
    const data = (entry.getIn(["data"]) as { toJS(): never } | undefined)?.toJS() as never;
    try {
      const filled = fillPlaceholders(data, placeholders);
      return <PreviewFrames markup={renderToStaticMarkup(<main>{render(filled, page)}</main>)} />;
    } catch {
      // A half-typed entry (a list item just added) cannot be drawn yet: say so, not crash.
      return <p>The preview appears once the required fields are filled in.</p>;
    }
  });
}

CMS.init();
