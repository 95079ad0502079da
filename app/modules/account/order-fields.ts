/** The profile's query parameter for the page of the order history (shared by the loader and the list). */
export const ORDERS_PAGE_PARAM = "orders";
