import { formatPrice } from "~/services/money";

interface PriceProps {
  price: number;
  salePrice: number;
  discount: number;
  size?: "md" | "lg";
}

/** Price after discount; when discounted, the original price struck through and the percentage. */
export function Price({ price, salePrice, discount, size = "md" }: PriceProps) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className={`font-extrabold text-ink ${size === "lg" ? "text-3xl" : "text-lg"}`} data-testid="sale-price">
        <span className="sr-only">Precio: </span>
        {formatPrice(salePrice)}
      </span>
      {discount > 0 ? (
        <>
          <s className={`text-neutral-500 ${size === "lg" ? "text-lg" : "text-sm"}`}>
            <span className="sr-only">Precio anterior: </span>
            {formatPrice(price)}
          </s>
          <span className="rounded-md bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">-{discount}%</span>
        </>
      ) : null}
    </p>
  );
}
