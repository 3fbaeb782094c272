// The content editor at /admin: Sveltia CMS, bundled by our build (scripts/site-integration.ts)
// so its fonts and chunks come from our origin. Its preview draws each page, product, document and
// case study with the site's own components and CSS, the placeholders filled as the build fills
// them, as wide as a phone and a computer.
import "./no-eval";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import CMS from "@sveltia/cms";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server.browser";
import { Hero } from "../components/blocks/hero";
import { DocumentList } from "../components/document-list";
import type { GetInTouch } from "../components/get-in-touch-link";
import { PageBlocks } from "../components/page-blocks";
import { ProductDetails } from "../components/product-details";
import { CaseStudyArticle } from "../components/proof/case-studies";
import type { CaseStudiesPageFile } from "../content/case-study-schema";
import { type PageEntry, pageList } from "../content/page-list";
import { fillPlaceholders, type PlaceholderValues } from "../content/placeholders";
import { type Product, productOf } from "../content/products";
import type { SiteShellFile } from "../content/schemas";
import { fontFaceCss } from "../lib/web-font";
import siteStyles from "../styles/global.css?url";

/** What the preview needs beside the entry, as the build has it (app/pages/admin/preview.json.ts). */
export type Preview = {
  placeholders: PlaceholderValues;
  getInTouch: GetInTouch;
  supportEmail?: string;
  productPage: SiteShellFile["productPage"];
  documents: SiteShellFile["documents"];
  studyLabels: CaseStudiesPageFile["labels"];
  products: Pick<Product, "slug" | "path" | "page">[];
};

const absolute = (url: string) => new URL(url, location.href).href;

/** The site's styles, the global ones and each block's, which the editor's page preloads. */
const styleUrls = [
  absolute(siteStyles),
  ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map(
    (link) => link.href,
  ),
];

// The whole font files stand in for the pages' cut faces: the words being typed may outgrow them.
const fontFaces = fontFaceCss({
  latin: absolute(interLatin),
  "latin-ext": absolute(interLatinExt),
});

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
  const links = styleUrls.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${fontFaces}</style>${links}</head><body>${markup}</body></html>`;
  return [
    { label: "On a phone", width: 375 },
    { label: "On a computer", width: 1280 },
  ].map(({ label, width }) => (
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

const preview: Preview = await (await fetch("/admin/preview.json")).json();

/** An entry drawn by `draw` from its words (placeholders filled) and its file name. */
function previewOf(draw: (data: never, slug: string) => ReactNode) {
  return ({ entry }: { entry: { getIn(path: string[]): unknown } }) => {
    const data = (entry.getIn(["data"]) as { toJS(): never } | undefined)?.toJS() as never;
    const slug = String(entry.getIn(["slug"]) ?? "");
    try {
      const main = <main>{draw(fillPlaceholders(data, preview.placeholders), slug)}</main>;
      return <PreviewFrames markup={renderToStaticMarkup(main)} />;
    } catch {
      // A half-typed entry (a list item just added) cannot be drawn yet: say so, not crash.
      return <p>The preview appears once the required fields are filled in.</p>;
    }
  };
}

for (const page of pageList as readonly PageEntry[]) {
  CMS.registerPreviewTemplate(
    page.id,
    previewOf((content) => (
      // The contact page's form is an island with a script of its own: its banner is shown.
      <PageBlocks
        kind={page.kind}
        content={content}
        roundHero={page.roundHero}
        getInTouch={preview.getInTouch}
        supportEmail={preview.supportEmail}
      />
    )),
  );
}

// A product as its page draws it: its banner, then claims, tables, approvals and datasheet.
CMS.registerPreviewTemplate(
  "products",
  previewOf((file, slug) => {
    const product = productOf(slug || "new-product", file);
    const datasheet = { href: product.datasheetPath, title: preview.productPage.datasheet };
    return (
      <>
        <Hero content={product.hero} />
        <ProductDetails
          product={product}
          approvals={(product.approvals ?? []).map((approval) => ({
            ...approval,
            href: undefined,
          }))}
          copy={preview.productPage}
          kinds={preview.documents.kinds}
          downloads={[{ ...datasheet, kind: "datasheet", bytes: 0 }]}
          getInTouch={preview.getInTouch}
        />
      </>
    );
  }),
);

// A study as its page draws it; its photos show as the editor's thumbnails.
CMS.registerPreviewTemplate(
  "case-studies",
  previewOf((study: Parameters<typeof CaseStudyArticle>[0]["study"], slug) => (
    <CaseStudyArticle
      study={{ ...study, slug }}
      labels={preview.studyLabels}
      photos={[]}
      products={preview.products}
      getInTouch={preview.getInTouch}
    />
  )),
);

// A document as /documents lists it, under its kind.
CMS.registerPreviewTemplate(
  "documents",
  previewOf((document: Parameters<typeof DocumentList>[0]["documents"][number], slug) => (
    <DocumentList
      documents={[{ ...document, id: slug, source: "", picture: false, bytes: 0, href: "#" }]}
      datasheets={[]}
      copy={preview.documents}
      filing={preview.productPage}
      productNames={Object.fromEntries(preview.products.map((p) => [p.slug, p.page.title]))}
    />
  )),
);

CMS.init();
