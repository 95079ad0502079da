import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl, sizedDimensions, type MediaRef } from "~/lib/media";
import { mediaSrcSet } from "~/modules/media/responsive-image";

/**
 * The product's images: the chosen one in the Large size, and a strip of thumbnails when
 * there are several. A thumbnail links to the Full HD image, so without JavaScript it still
 * shows the picture; with JavaScript it swaps the main image in place. Width and height are
 * set so nothing moves while images load. The parent keys it by the image set, so a
 * variant switch starts on that variant's first image.
 */
export function ProductGallery({ images, name }: { images: MediaRef[]; name: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const main = images[Math.min(active, images.length - 1)];
  if (!main) return <div className="aspect-square w-full rounded-lg bg-slate-100" data-testid="product-gallery" />;
  const box = sizedDimensions(main, "large");
  return (
    <div className="flex flex-col gap-3" data-testid="product-gallery">
      <div className="flex aspect-square items-center justify-center rounded-lg border border-slate-200 bg-slate-50">
        <img
          src={mediaUrl(main, "large")}
          srcSet={mediaSrcSet(main, "large")}
          sizes="(min-width: 1024px) 50vw, 100vw"
          alt={main.alt || name}
          width={box.width}
          height={box.height}
          decoding="async"
          className="max-h-full w-full object-contain p-4"
          data-testid="product-main-image"
        />
      </div>
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("product.gallery.label")}>
          {images.map((image, index) => {
            const thumb = sizedDimensions(image, "thumbnail");
            return (
              <li key={image.driveId}>
                <a
                  href={mediaUrl(image, "fullhd")}
                  onClick={(event) => {
                    event.preventDefault();
                    setActive(index);
                  }}
                  aria-label={t("product.gallery.show", { number: index + 1 })}
                  aria-current={index === active ? "true" : undefined}
                  className={`block rounded border p-1 ${index === active ? "border-brand-600" : "border-slate-200 hover:border-brand-300"}`}
                >
                  <img src={mediaUrl(image, "thumbnail")} alt="" width={thumb.width} height={thumb.height} loading="lazy" decoding="async" />
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
