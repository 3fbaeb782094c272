import { siteConfig } from "../../config";
import { builtContent, placeholders } from "../../content/site-content";

// What the editor's preview (app/admin/editor.tsx) needs beside the entry, as this build has it.
export const GET = async () =>
  Response.json({
    placeholders: placeholders(),
    supportEmail: siteConfig.supportEmail,
    getInTouch: (await builtContent()).getInTouch(),
  });
