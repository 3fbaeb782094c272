// The content editor's script at /admin (Sveltia CMS, from its npm package, bundled by our own
// build so its fonts and chunks are served from our origin). Its configuration is
// /admin/config.yml, generated from the content schemas (app/content/cms-config.ts).
import CMS from "@sveltia/cms";

CMS.init();
