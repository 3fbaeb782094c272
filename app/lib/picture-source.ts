import type { PictureName } from "../content/picture-list";

// Every picture's file as text, for the page's inline <svg> (app/components/picture.tsx) and
// the share cards drawn from it (share-cards.ts).
const sources = import.meta.glob<string>("../assets/illustrations/*.svg", {
  eager: true,
  import: "default",
  query: "?raw",
});

/** A picture's SVG file, as text. */
export function pictureSource(name: PictureName): string {
  const source = sources[`../assets/illustrations/${name}.svg`];
  if (source === undefined) throw new Error(`no picture ${name} in app/assets/illustrations/`);
  return source;
}
