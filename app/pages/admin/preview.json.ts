import { siteConfig } from "../../config";
import { getInTouch, placeholders } from "../../content/site-content";

// What the editor's preview needs beside the entry being edited, as this build has it
// (app/admin/editor.tsx).
export const GET = async () =>
  Response.json({
    placeholders,
    supportEmail: siteConfig.supportEmail,
    getInTouch: await getInTouch(),
  });
