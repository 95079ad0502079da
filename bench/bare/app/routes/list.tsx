import { useLoaderData, type MetaFunction } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Bare list" }];

/** 24 items, like a category page of the shop, with nothing behind them. */
export function loader() {
  return {
    items: Array.from({ length: 24 }, (_, i) => ({
      id: i + 1,
      name: `Item ${i + 1}`,
      slug: `item-${i + 1}`,
      priceCents: 1000 + i * 125,
    })),
  };
}

export default function List() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Items</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`/item/${item.slug}`}>{item.name}</a> {(item.priceCents / 100).toFixed(2)} EUR
          </li>
        ))}
      </ul>
    </main>
  );
}
