/**
 * The order history of the profile (spec §2 Profile "order history count"). There is no
 * orders table yet: the checkout issue creates orders and fills this function from its
 * table; until then every customer has no orders, which is the truth for this shop.
 */
export type OrderSummary = { id: number; slug: string; createdAt: string; total: number; currencyLabel: string };

export async function getOrderHistory(_userId: number): Promise<{ count: number; orders: OrderSummary[] }> {
  return { count: 0, orders: [] };
}
