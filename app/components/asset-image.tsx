import type { ImageAsset } from "../content/types";

type AssetImageProps = {
  image: ImageAsset;
  className?: string;
  /** The page's main image, likely its largest paint: fetched first instead of lazily. */
  priority?: boolean;
};

/** An image at its intrinsic size, so the browser reserves its space before it arrives. */
export function AssetImage({ image, className, priority = false }: AssetImageProps) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={className}
    />
  );
}
