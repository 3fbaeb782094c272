// The shared call to action on every page but the contact page (requirements §1).
export const getInTouch = {
  label: "Get in Touch",
  /** Read to screen readers after the label, so each of a page's links names its own topic. */
  about: (topic: string) => `about ${topic}`,
} as const;
