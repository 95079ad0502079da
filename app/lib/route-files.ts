import type { RouteKey } from "./routes-table";

/**
 * The module of each route and its further unprefixed spellings from the spec's table
 * (e.g. /login beside /prijava), for app/routes.ts. Kept apart from routes-table.ts so
 * that the browser bundle carries only the paths.
 */
export const ROUTE_FILES: Record<RouteKey, { file: string; aliases?: string[] }> = {
  product: { file: "routes/product.tsx" },
  login: { file: "routes/login.tsx", aliases: ["login"] },
  register: { file: "routes/register.tsx", aliases: ["register"] },
  profile: { file: "routes/profile.tsx", aliases: ["profile"] },
  profileOrder: { file: "routes/profile-order.tsx" },
  profileOrderInvoice: { file: "routes/profile-order-invoice.ts" },
  cardReturn: { file: "routes/card-return.tsx" },
  cart: { file: "routes/cart.tsx", aliases: ["cart"] },
  shop: { file: "routes/shop.tsx" },
  checkout: { file: "routes/checkout.tsx", aliases: ["checkout"] },
  checkoutSuccess: { file: "routes/checkout-success.tsx", aliases: ["checkout/success"] },
  checkoutFailure: { file: "routes/checkout-failure.tsx" },
  search: { file: "routes/search.tsx", aliases: ["search"] },
  blog: { file: "routes/blog.tsx", aliases: ["blog/:slug?"] },
  forgotPassword: { file: "routes/forgot-password.tsx", aliases: ["forgot-password"] },
  socialLogin: { file: "routes/social-login.tsx" },
  event: { file: "routes/event.tsx", aliases: ["event/:id"] },
  events: { file: "routes/events.tsx", aliases: ["events"] },
  confirmEmail: { file: "routes/confirm-email.tsx", aliases: ["confirm-email"] },
  priceEnquiry: { file: "routes/price-enquiry.tsx" },
  cartInquiry: { file: "routes/cart-inquiry.tsx" },
  form: { file: "routes/form.tsx" },
  page: { file: "routes/page.tsx" },
};
