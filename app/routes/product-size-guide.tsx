import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SIZE_GUIDE_TITLE } from "#contract/size-guides";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { GuideHeading, SizeGuide } from "~/components/product/SizeGuide";
import { TextLink } from "~/components/ui/TextLink";
import { productPath, sizeGuidePath } from "~/routes/product-details.paths";
import { catalogPageHeaders } from "~/services/catalog.server";
import { loadSizeGuidePage } from "~/services/product-page.server";

/** /product/details/{slug}/size-guide?pie= (or ?pecho=): the product's size guide (issue 36), the product page's dialog as a page. */
export async function loader(args: LoaderFunctionArgs) {
  return loadSizeGuidePage(args);
}

export const headers: HeadersFunction = catalogPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `Guía de tallas de ${data.product.name} | Mercado Pádel` },
        {
          name: "description",
          content: `Las medidas de cada talla de ${data.product.name} y la talla que te corresponde según tus medidas.`,
        },
      ]
    : [];

export default function ProductSizeGuidePage() {
  const { product, guide, asked } = useLoaderData<typeof loader>();
  const back = productPath(product.slug);
  return (
    <div className="page-container max-w-3xl py-8 lg:py-10">
      <Breadcrumbs
        crumbs={[{ label: "Inicio", href: "/" }, { label: product.name, href: back }, { label: SIZE_GUIDE_TITLE }]}
      />
      <div className="mt-6">
        <GuideHeading id="guia-tallas-titulo" as="h1" productName={product.name} />
        <SizeGuide
          guide={guide}
          sizes={product.sizes}
          action={sizeGuidePath(product.slug)}
          asked={asked}
          idPrefix="guia"
        />
        <p className="mt-6">
          <TextLink to={back}>← Volver al producto</TextLink>
        </p>
      </div>
    </div>
  );
}
