// Every file in app/assets/illustrations/: content names a picture from this list, never a path.
export const pictureNames = [
  "consumption-insights",
  "contact-dashboard",
  "contact-hero",
  "contact-meter",
  "data-connection-unit",
  "hardware-overview",
  "icon-client-app",
  "icon-data-connection-unit",
  "icon-device-management",
  "icon-leak",
  "icon-machine-learning",
  "icon-meter",
  "icon-notification",
  "icon-routing-module",
  "icon-valve",
  "icon-workflow",
  "phone-app",
  "privacy-statement",
  "real-time-control",
  "routing-module",
  "smart-water-meter",
  "software-overview",
  "terms-of-use",
  "utility-dashboard",
  "workflow-app",
] as const;

export type PictureName = (typeof pictureNames)[number];

/** The contact page's own pictures, the only ones its content may name. */
export const contactPictureNames = pictureNames.filter((name) => name.startsWith("contact-")) as [
  PictureName,
  ...PictureName[],
];
