/** Viewport widths requirements §3.2 cares about: a small phone, either side of the 768 px breakpoint, desktop. */
export const MOBILE = { width: 375, height: 740 };
export const AT_BREAKPOINT = { width: 768, height: 900 };
export const ABOVE_BREAKPOINT = { width: 769, height: 900 };
export const DESKTOP = { width: 1280, height: 800 };
export const ALL_WIDTHS = [MOBILE, AT_BREAKPOINT, ABOVE_BREAKPOINT, DESKTOP] as const;
