// The shared call to action on every page but the contact page (requirements §1).
import type { SiteShellFile } from "./schemas";
import file from "./site-shell.yaml";

const { label, about } = (file as SiteShellFile).getInTouch;

export const getInTouch = {
  label,
  /** Read to screen readers after the label, so each of a page's links names its own topic. */
  about: (topic: string) => about.replaceAll("{topic}", topic),
} as const;
