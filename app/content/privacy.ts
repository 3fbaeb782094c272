import type { PageMeta } from "./types";

export const privacyMeta: PageMeta = {
  title: "Privacy statement",
  description: "How we collect, use and protect your personal information.",
  path: "/privacy",
};
