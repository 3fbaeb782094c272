// The pictures content may name: every file in app/assets/illustrations/, with its intrinsic
// size so the browser reserves its space before it loads. Content files name a picture from
// this list; they never give a path, so an editor cannot point at a file that does not exist.
// Plain data with no asset imports: the build's content check and the editor's field list read it.

export const pictureSizes = {
  "consumption-insights": { width: 480, height: 360 },
  "contact-dashboard": { width: 400, height: 320 },
  "contact-hero": { width: 480, height: 400 },
  "contact-meter": { width: 400, height: 320 },
  "data-connection-unit": { width: 480, height: 360 },
  "hardware-overview": { width: 480, height: 360 },
  "icon-client-app": { width: 64, height: 64 },
  "icon-data-connection-unit": { width: 64, height: 64 },
  "icon-device-management": { width: 64, height: 64 },
  "icon-leak": { width: 64, height: 64 },
  "icon-machine-learning": { width: 64, height: 64 },
  "icon-meter": { width: 64, height: 64 },
  "icon-notification": { width: 64, height: 64 },
  "icon-routing-module": { width: 64, height: 64 },
  "icon-valve": { width: 64, height: 64 },
  "icon-workflow": { width: 64, height: 64 },
  "phone-app": { width: 480, height: 360 },
  "privacy-statement": { width: 480, height: 360 },
  "real-time-control": { width: 400, height: 400 },
  "routing-module": { width: 480, height: 360 },
  "smart-water-meter": { width: 480, height: 360 },
  "software-overview": { width: 480, height: 360 },
  "terms-of-use": { width: 480, height: 360 },
  "utility-dashboard": { width: 480, height: 360 },
  "workflow-app": { width: 480, height: 360 },
} as const;

export type PictureName = keyof typeof pictureSizes;

export const pictureNames = Object.keys(pictureSizes) as [PictureName, ...PictureName[]];

/** The contact page's own pictures, the only ones its content may name (see app/content/contact.ts). */
export const contactPictureNames = pictureNames.filter((name) => name.startsWith("contact-")) as [
  PictureName,
  ...PictureName[],
];
