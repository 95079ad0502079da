import type { Registry } from "../api-router.server";
import { authEndpoints } from "./auth.server";
import { cartEndpoints } from "./ecommerce-cart.server";
import { checkoutEndpoints } from "./ecommerce-checkout.server";
import { orderEndpoints } from "./orders.server";
import { userEndpoints } from "./user.server";
import { accountEndpoints } from "./account.server";
import { settingsEndpoints } from "./settings.server";
import { catalogEndpoints } from "./catalog.server";
import { cmsEndpoints } from "./cms.server";
import { cmsStaffEndpoints } from "./cms-staff.server";
import { commentEndpoints } from "./comments.server";
import { communityEndpoints } from "./community.server";
import { consentEndpoints } from "./consents.server";
import { formEndpoints } from "./forms.server";
import { formConfirmationEndpoints } from "./form-confirmation.server";

/**
 * Every endpoint of the headless API, by name (the name is the OpenAPI operationId after
 * its version, e.g. v1.ecommerce.cart.addItem, and the typed client's call name). One
 * spread per service file; names are `<service>.<path>` in the spec's words.
 */
export const API_ENDPOINTS = {
  ...authEndpoints,
  ...cartEndpoints,
  ...checkoutEndpoints,
  ...orderEndpoints,
  ...userEndpoints,
  ...accountEndpoints,
  ...settingsEndpoints,
  ...catalogEndpoints,
  ...cmsEndpoints,
  ...cmsStaffEndpoints,
  ...commentEndpoints,
  ...communityEndpoints,
  ...consentEndpoints,
  ...formEndpoints,
  ...formConfirmationEndpoints,
} satisfies Registry;

export type ApiEndpoints = typeof API_ENDPOINTS;
