import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatUsd } from "#contract/money";
import { textLinkLook } from "~/components/account/FormControls";
import { sellerPaths } from "~/components/seller/seller-paths";
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

export default function SellerDiscounts() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="titulo-descuentos" className="space-y-6">
      <div>
        <h1 id="titulo-descuentos" className="text-3xl font-bold text-slate-900">
          Descuentos
        </h1>
        <p className="mt-2 text-slate-700">Tus productos con descuento, del mayor al menor. Para cambiar un descuento, edita el producto.</p>
      </div>
      {products.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-700">Ninguno de tus productos tiene descuento ahora.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-0 text-left text-sm">
            <caption className="sr-only">Productos con descuento</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Producto
                </th>
                <th scope="col" className="px-3 py-2">
                  Descuento
                </th>
                <th scope="col" className="px-3 py-2">
                  Precio
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product._id} className="border-t border-slate-200 align-top" data-testid="discounted-product">
                  <td className="px-3 py-3">
                    <Link to={sellerPaths.editProduct(product._id)} className={`${textLinkLook} break-words`}>
                      {product.name}
                    </Link>
                    <p className="text-slate-600">{product.category.name}</p>
                  </td>
                  <td className="px-3 py-3 font-semibold">{product.discount} %</td>
                  <td className="px-3 py-3">
                    <s className="text-slate-600">{product.priceLabel}</s>
                    <br />
                    <span className="font-semibold">{product.saleLabel}</span>
                    <br />
                    <span className="text-slate-600">Ahorro: {product.savingLabel}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
