import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatUsd } from "#contract/money-format";
import { TextLink } from "~/components/ui/TextLink";
import { Table, type TableColumn } from "~/components/ui/Table";
import { sellerPaths } from "~/routes/dashboard/seller/paths";
import { pageErrorOf } from "~/services/admin.server";
import { listDiscountedProducts, withThumbnail } from "~/services/seller-products.server";
import { requireSeller } from "~/services/seller.server";

export const meta: MetaFunction = () => [
  { title: "Descuentos | Mercado Pádel" },
  { name: "description", content: "Los productos de tu tienda con descuento y su precio rebajado." },
  { name: "robots", content: "noindex" },
];

/** /dashboard/seller/discounts: `GET /discount-product-get/{sellerId}`, the shop's discounted products, biggest discount first. */
export async function loader(args: LoaderFunctionArgs) {
  const { account } = await requireSeller(args);
  const products = await listDiscountedProducts(account).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  return {
    products: products.map((product) => ({
      ...withThumbnail(product),
      priceLabel: formatUsd(product.price),
      saleLabel: formatUsd(product.salePrice),
      savingLabel: formatUsd(product.price - product.salePrice),
    })),
  };
}

type DiscountedProduct = ReturnType<typeof useLoaderData<typeof loader>>["products"][number];

// Three columns fit a phone: the table needs no cards. A product's cells are lines of text, read from the top.
const discountColumns: TableColumn<DiscountedProduct>[] = [
  {
    header: "Producto",
    className: "align-top",
    cell: (product) => (
      <>
        <TextLink to={sellerPaths.editProduct(product._id)} className="break-words">
          {product.name}
        </TextLink>
        <p className="text-slate-600">{product.category.name}</p>
      </>
    ),
  },
  {
    header: "Descuento",
    className: "align-top",
    cellClassName: "font-semibold",
    cell: (product) => `${product.discount} %`,
  },
  {
    header: "Precio",
    className: "align-top",
    cell: (product) => (
      <>
        <s className="text-slate-600">{product.priceLabel}</s>
        <br />
        <span className="font-semibold">{product.saleLabel}</span>
        <br />
        <span className="text-slate-600">Ahorro: {product.savingLabel}</span>
      </>
    ),
  },
];

export default function SellerDiscounts() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-descuentos" className="space-y-6">
      <div>
        <h1 id="titulo-descuentos" className="text-3xl font-bold text-slate-900">
          Descuentos
        </h1>
        <p className="mt-2 text-slate-700">
          Tus productos con descuento, del mayor al menor. Para cambiar un descuento, edita el producto.
        </p>
      </div>
      {products.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">
          Ninguno de tus productos tiene descuento ahora.
        </p>
      ) : (
        <Table
          rows={products}
          rowKey={(product) => product._id}
          columns={discountColumns}
          caption="Productos con descuento"
          testIds={{ row: "discounted-product" }}
        />
      )}
    </section>
  );
}
