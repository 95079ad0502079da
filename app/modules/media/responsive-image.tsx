import { DEFAULT_MEDIA_SIZE, MEDIA_SIZES, mediaUrl, sizedDimensions, type MediaRef, type MediaSize } from "~/lib/media";

// Sizes that keep the whole image differ only in resolution, so they can stand in for each other.
const INSIDE_SIZES = (Object.keys(MEDIA_SIZES) as MediaSize[]).filter((s) => MEDIA_SIZES[s].fit === "inside");

/**
 * The srcset of an image shown in `size`: every inside-fit size by its real pixel width,
 * one candidate per width (a small original is the same file in several sizes). Cropped
 * sizes (thumbnail, portrait) have their own shape and no alternative: undefined.
 */
export function mediaSrcSet(media: MediaRef, size: MediaSize): string | undefined {
  if (MEDIA_SIZES[size].fit !== "inside") return undefined;
  const seen = new Set<number>();
  return INSIDE_SIZES.map((s) => ({ url: mediaUrl(media, s), width: sizedDimensions(media, s).width }))
    .sort((a, b) => a.width - b.width)
    .filter((c) => !seen.has(c.width) && seen.add(c.width))
    .map((c) => `${c.url} ${c.width}w`)
    .join(", ");
}

type Props = {
  media: MediaRef;
  size?: MediaSize;
  /** Layout width for srcset selection; default: the size's width, the viewport below it. */
  sizes?: string;
  /** Above the fold (hero, first product image): load at once instead of lazily. */
  eager?: boolean;
  /** Overrides media.alt; "" marks the image as decorative. */
  alt?: string;
  className?: string;
};

/**
 * A media image in one of the spec's sizes. width and height come from the original's
 * recorded size, so the browser reserves the box and nothing shifts when it loads. A
 * picture with a focal point keeps it in view where a class crops it (object-fit: cover); CSP
 * allows style attributes (style-src 'unsafe-inline'), as the product swatches use.
 */
export function ResponsiveImage({ media, size = DEFAULT_MEDIA_SIZE, sizes, eager = false, alt, className }: Props) {
  const { width, height } = sizedDimensions(media, size);
  const srcSet = mediaSrcSet(media, size);
  return (
    <img
      src={mediaUrl(media, size)}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `(max-width: ${width}px) 100vw, ${width}px`) : undefined}
      width={width}
      height={height}
      alt={alt ?? media.alt}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
      style={media.focalPoint && { objectPosition: `${media.focalPoint.x}% ${media.focalPoint.y}%` }}
    />
  );
}
