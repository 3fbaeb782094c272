export const skipLinkLabel = "Skip to main content";
export const menuButtonLabel = "Menu";
export const footerTagline =
  "Smart water meters and water-management software, made in South Africa.";
