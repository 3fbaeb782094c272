import type { PageMeta } from "./types";

export const hardwareMeta: PageMeta = {
  title: "Quality hardware",
  description:
    "Our data connection unit, smart water meters and routing modules: locally designed and assembled in South Africa.",
  path: "/hardware",
};
