import { CMS_GITHUB_BRANCH, CMS_GITHUB_REPO, VITE_SITE_URL } from "astro:env/server";
import { stringify } from "yaml";
import { cmsConfig } from "../../content/cms-config";

const config = cmsConfig({
  repo: CMS_GITHUB_REPO,
  branch: CMS_GITHUB_BRANCH,
  siteUrl: VITE_SITE_URL,
});

export const GET = () =>
  new Response(stringify(config, { lineWidth: 0 }), {
    headers: { "content-type": "application/yaml; charset=utf-8" },
  });
