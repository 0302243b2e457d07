import { href, Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import { CardPhoto } from "~/components/cards/card-photo";
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
}

export function ProductCard({ product }: { product: ProductCardData }) {
  const path = href("/produto/:id", { id: String(product.id) });
  return (
    <article id={`produto-${product.id}`} className="item-card" data-testid="product-card">
      <CardPhoto bare src={product.mainImageUrl} kind="product" alt="" />
      <span className="badge bg-white/95 text-slate-800">{labelOf(PRODUCT_CATEGORY_LABELS, product.category)}</span>
      {product.highlighted ? (
        <span className="badge absolute top-2 right-2 bg-amber-400 text-amber-950" data-testid="destaque">
          Destaque
        </span>
      ) : null}
      <h3>
        <Link to={path}>
          {product.title}
        </Link>
      </h3>
      <p className="text-lg font-bold text-brand-700">{formatBRL(product.priceCents)}</p>
      <p className="icon-pin">{product.location}</p>
      {product.homeDelivery ? <p className="icon-truck text-xs font-medium text-emerald-700">Entrega em domicílio</p> : null}
      <CardActions kind="products" id={product.id} name={product.title} path={path} anchor={`produto-${product.id}`} />
    </article>
  );
}
