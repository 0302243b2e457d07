import { href } from "react-router";
import { CardPhoto } from "~/components/cards/card-photo";
import { HighlightBadge, ItemCard, PlaceLine, TimeAgo } from "~/components/cards/item-card";
import { formatBRL } from "~/lib/format";
import { labelOf, PRODUCT_CATEGORY_LABELS } from "~/lib/labels";

export interface ProductCardData {
  id: number;
  title: string;
  category: string;
  priceCents: number;
  location: string;
  homeDelivery: boolean;
  mainImageUrl: string | null;
  /** A Premium company's product on /produtos (docs/decisions/0014). */
  highlighted?: boolean;
  /** When it was posted: the card says how long ago (docs/decisions/0041). */
  createdAt?: Date | number | string;
  /** From the city the visitor gave, when a list was filtered by one (docs/decisions/0041). */
  distanceKm?: number | null;
}

export function ProductCard({ product }: { product: ProductCardData }) {
  const path = href("/produto/:id", { id: String(product.id) });
  return (
    <ItemCard
      anchor={`produto-${product.id}`}
      testId="product-card"
      kind="products"
      id={product.id}
      name={product.title}
      path={path}
      photo={<CardPhoto src={product.mainImageUrl} kind="product" alt="" />}
      badges={
        <>
          <span className="badge bg-white/95 text-slate-800">{labelOf(PRODUCT_CATEGORY_LABELS, product.category)}</span>
          <HighlightBadge shown={product.highlighted} />
        </>
      }
    >
      <p className="text-lg font-bold text-brand-700">{formatBRL(product.priceCents)}</p>
      {product.createdAt === undefined ? null : <TimeAgo date={product.createdAt} />}
      <PlaceLine location={product.location} distanceKm={product.distanceKm} />
      {product.homeDelivery ? <p className="icon-truck text-xs font-medium text-emerald-700">Entrega em domicílio</p> : null}
    </ItemCard>
  );
}
