import type { PhotoProps } from "../lib/study-photos";

/**
 * An uploaded photo as Astro's image tools made it (app/lib/study-photos.ts): AVIF and WebP for
 * browsers that take them, JPEG for the rest, its width and height stated so its space is kept.
 * `eager` for one at the top of a page, which is seen at once.
 */
export function Photo({
  photo,
  className,
  eager = false,
}: {
  photo: PhotoProps;
  className?: string;
  eager?: boolean;
}) {
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={photo.sizes} />
      ))}
      <img
        src={photo.src}
        srcSet={photo.srcset}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        sizes={photo.sizes}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
