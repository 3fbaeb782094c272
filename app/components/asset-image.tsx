import type { ImageAsset } from "../content/types";

type AssetImageProps = {
  image: ImageAsset;
  className?: string;
};

/**
 * A picture drawn in the page as `<svg>` (decision 0023), at its intrinsic size so its space is
 * reserved. Described pictures are images to assistive technology; decorative ones are hidden.
 */
export function AssetImage({ image, className }: AssetImageProps) {
  const { svg, alt, width, height } = image;
  return (
    <svg
      {...svg.attributes}
      width={width}
      height={height}
      // As object-fit: cover did for the <img>: a box of another shape (the home hero's circle)
      // is filled and cropped, not letterboxed. Boxes of the picture's own shape are unchanged.
      preserveAspectRatio="xMidYMid slice"
      className={className}
      {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own files, checked when resolved (app/content/pictures.ts).
      dangerouslySetInnerHTML={{ __html: svg.markup }}
    />
  );
}
