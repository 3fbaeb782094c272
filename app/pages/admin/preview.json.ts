import { siteConfig } from "../../config";
import { placeholders, shellContent, sitePages } from "../../content/site-content";

// What the editor's preview needs beside the entry being edited, as this build has it: the
// placeholders' values and the shared Get in Touch link (app/admin/editor.tsx).
export const GET = async () => {
  const contact = (await sitePages()).find((page) => page.kind === "contact");
  return Response.json({
    placeholders,
    supportEmail: siteConfig.supportEmail,
    getInTouch: { ...(await shellContent()).getInTouch, href: contact?.path ?? "/contact" },
  });
};
