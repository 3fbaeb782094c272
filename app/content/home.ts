import type { PageMeta } from "./types";

export const homeMeta: PageMeta = {
  title: "Smart water meters and real-time control",
  description:
    "Locally designed smart water meters with real-time reports, leak detection and remote valve control from your phone.",
  path: "/",
};
