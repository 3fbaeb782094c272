import { VITE_SITE_URL } from "astro:env/server";
import { siteConfig } from "../../../config";
import { builtContent } from "../../../content/site-content";
import { shareCardSize } from "../../../lib/page-head";
import { renderPng, shareCardSvg } from "../../../lib/share-cards";

// Each case study's link preview picture: its title beside the case studies' picture.
export const getStaticPaths = async () => {
  const content = await builtContent();
  const { page } = content.caseStudiesPage();
  return content.caseStudies().map((study) => ({
    params: { slug: study.slug },
    props: { title: study.title, shareCard: page.shareCard },
  }));
};

type Props = { title: string; shareCard: { picture: never; description: string } };

export const GET = ({ props }: { props: Props }) => {
  const host = VITE_SITE_URL ? new URL(VITE_SITE_URL).host : "";
  const svg = shareCardSvg(props, { companyName: siteConfig.companyName, host });
  return new Response(new Uint8Array(renderPng(svg, shareCardSize.width)), {
    headers: { "content-type": "image/png" },
  });
};
