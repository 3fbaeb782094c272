// The shared call to action on every page but the contact page (requirements §1).
import file from "virtual:content/site-shell";

const { label, about } = file.getInTouch;

export const getInTouch = {
  label,
  /** Read to screen readers after the label, so each of a page's links names its own topic. */
  about: (topic: string) => about.replaceAll("{topic}", topic),
} as const;
