import { CMS_GITHUB_BRANCH, CMS_GITHUB_REPO, VITE_SITE_URL } from "astro:env/server";
import { cmsConfigYaml } from "../../content/cms-config";

// The editor's configuration, generated from the content schemas (app/content/cms-config.ts).
export const GET = () =>
  new Response(
    cmsConfigYaml({ repo: CMS_GITHUB_REPO, branch: CMS_GITHUB_BRANCH, siteUrl: VITE_SITE_URL }),
    {
      headers: { "content-type": "application/yaml; charset=utf-8" },
    },
  );
