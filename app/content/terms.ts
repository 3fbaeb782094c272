import type { PageMeta } from "./types";

export const termsMeta: PageMeta = {
  title: "Terms of use",
  description: "The terms that apply when you use this website.",
  path: "/terms",
};
