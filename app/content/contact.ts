import type { PageMeta } from "./types";

export const contactMeta: PageMeta = {
  title: "Request a demo",
  description:
    "Request a demo or send us an enquiry about smart water meters and water-management software.",
  path: "/contact",
};
