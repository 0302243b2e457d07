import { href, Link } from "react-router";
import { CardActions } from "~/components/cards/card-actions";
import { MapPinIcon, TruckIcon } from "~/components/icons";
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
    <article id={`produto-${product.id}`} className="card flex flex-col" data-testid="product-card">
      <Link to={path} className="relative block overflow-hidden rounded-t-xl">
        <CardPhoto src={product.mainImageUrl} kind="product" alt={product.title} />
        <span className="badge absolute top-2 left-2 bg-white/95 text-slate-800">
          {labelOf(PRODUCT_CATEGORY_LABELS, product.category)}
        </span>
        {product.highlighted ? (
          <span className="badge absolute top-2 right-2 bg-amber-400 text-amber-950" data-testid="destaque">
            Destaque
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-semibold text-slate-900">
          <Link to={path} className="card-link hover:text-brand-700">
            {product.title}
          </Link>
        </h3>
        <p className="text-lg font-bold text-brand-700">{formatBRL(product.priceCents)}</p>
        <p className="mt-auto flex items-center gap-1 text-sm text-slate-500">
          <MapPinIcon width={14} height={14} className="shrink-0" /> {product.location}
        </p>
        {product.homeDelivery ? (
          <p className="flex items-center gap-1 text-xs font-medium text-emerald-700">
            <TruckIcon width={14} height={14} /> Entrega em domicílio
          </p>
        ) : null}
      </div>
      <CardActions kind="products" id={product.id} name={product.title} path={path} anchor={`produto-${product.id}`} />
    </article>
  );
}
