import type { MediaRef } from "~/lib/media";
import type { ProductCard } from "~/modules/catalog/product-cards.server";
import type { FormView } from "~/modules/forms/form-fields";

/**
 * Page components as the page renders them (page_translations.components, resolved by
 * page-components.server.ts): text already sanitised, links resolved, products, posts and
 * forms loaded. No zod here: the page's browser bundle imports these types only.
 */
/** `external`: opens in a new tab (an external address, or a link set to open in one); `rel` as the editor set it. */
export type LinkView = { label: string; href: string; external: boolean; rel?: string };
export type PostLink = { id: number; title: string; href: string; publishedAt: string | null };

export type ComponentView =
  | { type: "hero"; title: string; text: string; image: MediaRef | null; cta: LinkView | null }
  | { type: "text"; html: string }
  | { type: "image"; image: MediaRef; caption: string }
  | { type: "gallery"; title: string; images: MediaRef[] }
  | { type: "productSlider"; title: string; products: ProductCard[]; more: LinkView | null }
  | { type: "postList"; title: string; posts: PostLink[] }
  | { type: "form"; form: FormView }
  | { type: "cta"; title: string; text: string; link: LinkView }
  | { type: "map"; title: string; address: string; href: string }
  | { type: "logoList"; title: string; logos: { image: MediaRef; link: LinkView | null }[] }
  | { type: "certificates"; title: string; items: { title: string; text: string; image: MediaRef | null }[] };

export type ComponentType = ComponentView["type"];
