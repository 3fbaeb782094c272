// The content editor at /admin: Sveltia CMS, bundled by our build (scripts/site-integration.ts)
// so its fonts and chunks come from our origin. Its preview draws each page with the site's own
// blocks and CSS, the placeholders filled as the build fills them, as wide as a phone and a computer.
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import CMS from "@sveltia/cms";
import { renderToStaticMarkup } from "react-dom/server.browser";
import type { GetInTouch } from "../components/get-in-touch-link";
import { PageBlocks } from "../components/page-blocks";
import { type PageEntry, pageList } from "../content/page-list";
import { fillPlaceholders, type PlaceholderValues } from "../content/placeholders";
import { fontFaceCss } from "../lib/web-font";
import siteStyles from "../styles/global.css?url";

type Preview = { placeholders: PlaceholderValues; getInTouch: GetInTouch; supportEmail?: string };

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

for (const page of pageList as readonly PageEntry[]) {
  CMS.registerPreviewTemplate(page.id, ({ entry }) => {
    const data = (entry.getIn(["data"]) as { toJS(): never } | undefined)?.toJS() as never;
    try {
      // The contact page's form is an island with a script of its own: its banner is shown.
      const blocks = (
        <PageBlocks
          kind={page.kind}
          content={fillPlaceholders(data, preview.placeholders)}
          roundHero={page.roundHero}
          getInTouch={preview.getInTouch}
          supportEmail={preview.supportEmail}
        />
      );
      return <PreviewFrames markup={renderToStaticMarkup(<main>{blocks}</main>)} />;
    } catch {
      // A half-typed entry (a list item just added) cannot be drawn yet: say so, not crash.
      return <p>The preview appears once the required fields are filled in.</p>;
    }
  });
}

CMS.init();
