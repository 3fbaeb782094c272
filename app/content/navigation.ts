import type { NavLinkItem } from "./types";

export const headerLinks: readonly NavLinkItem[] = [
  { label: "Home", to: "/" },
  { label: "Hardware", to: "/hardware" },
  { label: "Software", to: "/software" },
  { label: "Contact", to: "/contact" },
];

export const footerLinks: readonly NavLinkItem[] = [
  { label: "Software", to: "/software" },
  { label: "Hardware", to: "/hardware" },
  { label: "Contact", to: "/contact" },
  { label: "Privacy policy", to: "/privacy" },
  { label: "Terms of use", to: "/terms" },
];

export const skipLinkLabel = "Skip to main content";
export const menuButtonLabel = "Menu";
export const footerTagline =
  "Smart water meters and water-management software, made in South Africa.";
