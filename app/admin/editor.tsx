// The content editor's script at /admin: Sveltia CMS, from its npm package and bundled by our
// own build, so its fonts and chunks come from our origin. Its configuration is
// /admin/config.yml, generated from the content schemas (app/content/cms-config.ts).
//
// The preview pane shows the page as the site renders it: the site's own blocks, rendered here
// to HTML with the site's React, and the site's CSS, applied to the preview only.
import CMS from "@sveltia/cms";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server.browser";
import { Hero } from "../components/blocks/hero";
import { InfoBlock } from "../components/blocks/info-block";
import { InfoListBlock } from "../components/blocks/info-list-block";
import { LegalDocument } from "../components/legal-document";
import { legalPage } from "../content/legal-page";
import { heroContent } from "../content/pictures";
import { pictureAsset, productPage } from "../content/product-page";
import type { ContactPageFile, LegalPageFile, ProductPageFile } from "../content/schemas";
import siteStyles from "../styles/global.css?url";

function productPreview(file: ProductPageFile, home = false) {
  const page = productPage(file);
  return (
    <>
      <Hero
        content={page.hero}
        showGetInTouch
        roundIllustration={home}
        illustrationFirstWhenNarrow={home}
      />
      <InfoListBlock content={page.highlights} />
      <InfoBlock items={page.features} />
    </>
  );
}

function legalPreview(file: LegalPageFile) {
  const page = legalPage(file);
  return (
    <>
      <Hero content={page.hero} showGetInTouch />
      <LegalDocument content={page.legalText} />
    </>
  );
}

/** What the page shows of each entry that is a page; the rest keep the editor's own preview. */
const previews: Record<string, (data: never) => ReactElement> = {
  home: (file: ProductPageFile) => productPreview(file, true),
  hardware: (file: ProductPageFile) => productPreview(file),
  software: (file: ProductPageFile) => productPreview(file),
  // The form itself is an island with a script of its own; the banner is what the copy changes.
  contact: (file: ContactPageFile) => <Hero content={heroContent(file.hero, pictureAsset)} />,
  privacy: legalPreview,
  terms: legalPreview,
};

for (const [name, render] of Object.entries(previews)) {
  CMS.registerPreviewTemplate(name, ({ entry }) => {
    const data = (entry.getIn(["data"]) as { toJS(): never } | undefined)?.toJS() as never;
    let html: string;
    try {
      html = renderToStaticMarkup(<main>{render(data)}</main>);
    } catch {
      // A half-typed entry (a list item just added) cannot be drawn yet: say so, not crash.
      html = "<p>The preview appears once the required fields are filled in.</p>";
    }
    // React-rendered markup of the site's own blocks: React escaped every text in it.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is React's, not a string of ours
    return <div dangerouslySetInnerHTML={{ __html: html }} />;
  });
}

// The site's global styles, and its blocks' own, which the build lists in the editor's page.
CMS.registerPreviewStyle(siteStyles);
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')) {
  CMS.registerPreviewStyle(link.href);
}

CMS.init();
