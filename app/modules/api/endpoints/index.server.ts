import type { Registry } from "../api-router.server";
import { authEndpoints } from "./auth.server";
import { ecommerceEndpoints } from "./ecommerce.server";
import { userEndpoints } from "./user.server";
import { catalogEndpoints } from "./catalog.server";
import { cmsEndpoints } from "./cms.server";
import { communityEndpoints } from "./community.server";
import { formConfirmationEndpoints } from "./form-confirmation.server";

/**
 * Every endpoint of the headless API, by name (the name is the OpenAPI operationId after
 * its version, e.g. v1.ecommerce.cart.addItem, and the typed client's call name). One
 * spread per service file; names are `<service>.<path>` in the spec's words.
 */
export const API_ENDPOINTS = {
  ...authEndpoints,
  ...ecommerceEndpoints,
  ...userEndpoints,
  ...catalogEndpoints,
  ...cmsEndpoints,
  ...communityEndpoints,
  ...formConfirmationEndpoints,
} satisfies Registry;

export type ApiEndpoints = typeof API_ENDPOINTS;
