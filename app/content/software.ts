import type { PageMeta } from "./types";

export const softwareMeta: PageMeta = {
  title: "High-performing software",
  description:
    "A client app for real-time water reports, leak alerts and valve control, and a central device management centre for utilities.",
  path: "/software",
};
