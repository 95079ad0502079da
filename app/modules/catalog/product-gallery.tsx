import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl, sizedDimensions, type MediaRef } from "~/lib/media";
import { mediaSrcSet } from "~/modules/media/responsive-image";

/**
 * The product's images (decision 0037): the chosen one in the Large size, and a strip
 * of thumbnails when there are several. Without JavaScript the main image and every
 * thumbnail are links to the Full HD image. With JavaScript a thumbnail swaps the main
 * image in place, the arrow keys step through the images while focus is in the gallery,
 * and a horizontal swipe (pointer events, so touch, pen and mouse) on the main image
 * steps too; a tap without a swipe still opens the full size. Kept small on purpose:
 * a few handlers in the product page's first-load JavaScript (its 110 KiB budget).
 * Width and height are set so nothing moves while images load. The parent keys it by the
 * image set, so a variant switch starts on that variant's first image.
 */
export function ProductGallery({ images, name }: { images: MediaRef[]; name: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  // Where a pointer went down on the main image, and whether it then swiped (no click).
  const start = useRef<number | null>(null);
  const swiped = useRef(false);
  const count = images.length;
  const index = Math.min(active, count - 1);
  const main = images[index];
  if (!main) return <div className="aspect-square w-full rounded-lg bg-slate-100" data-testid="product-gallery" />;
  const step = (by: number) => setActive((index + by + count) % count);
  const box = sizedDimensions(main, "large");
  // On the main link and the thumbnails: the arrow keys step while focus is on any of them.
  const onKeyDown = (event: KeyboardEvent) => {
    const by = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!by || count < 2) return;
    event.preventDefault();
    step(by);
  };
  return (
    <div className="flex flex-col gap-3" data-testid="product-gallery">
      <a
        onKeyDown={onKeyDown}
        href={mediaUrl(main, "fullhd")}
        aria-label={t("product.gallery.full")}
        className="flex aspect-square touch-pan-y select-none items-center justify-center rounded-lg border border-slate-200 bg-slate-50"
        data-testid="product-main-link"
        onPointerDown={(event) => {
          start.current = event.clientX;
          swiped.current = false;
        }}
        onPointerUp={(event) => {
          const dx = start.current === null ? 0 : event.clientX - start.current;
          start.current = null;
          if (Math.abs(dx) < 40 || count < 2) return;
          swiped.current = true;
          step(dx < 0 ? 1 : -1);
        }}
        onClick={(event) => {
          if (swiped.current) event.preventDefault();
        }}
        draggable={false}
      >
        <img
          src={mediaUrl(main, "large")}
          srcSet={mediaSrcSet(main, "large")}
          sizes="(min-width: 1024px) 50vw, 100vw"
          alt={main.alt || name}
          width={box.width}
          height={box.height}
          // The page's largest paint: fetched before the scripts (Lighthouse LCP, decision 0066).
          // Lower-case: React 18 knows no `fetchPriority` prop and warns about it (React 19 does).
          {...{ fetchpriority: "high" }}
          draggable={false}
          className="max-h-full w-full object-contain p-4"
          data-testid="product-main-image"
        />
      </a>
      {count > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("product.gallery.label")}>
          {images.map((image, i) => {
            const thumb = sizedDimensions(image, "thumbnail");
            return (
              <li key={image.driveId}>
                <a
                  href={mediaUrl(image, "fullhd")}
                  onKeyDown={onKeyDown}
                  onClick={(event) => {
                    event.preventDefault();
                    setActive(i);
                  }}
                  aria-label={t("product.gallery.show", { number: i + 1 })}
                  aria-current={i === index ? "true" : undefined}
                  className={`block rounded border p-1 ${i === index ? "border-brand-600" : "border-slate-200 hover:border-brand-300"}`}
                  data-testid="product-thumbnail"
                >
                  {/* Sharp on high-density screens: twice the 50 px thumbnail is the medium size, cropped by CSS (Lighthouse image-size-responsive). */}
                  <img
                    src={mediaUrl(image, "thumbnail")}
                    srcSet={`${mediaUrl(image, "thumbnail")} 1x, ${mediaUrl(image, "medium")} 2x`}
                    alt=""
                    width={thumb.width}
                    height={thumb.height}
                    loading="lazy"
                    decoding="async"
                    className="object-cover"
                    style={{ width: thumb.width, height: thumb.height }}
                  />
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
