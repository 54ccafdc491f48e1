import { redirect } from "@remix-run/node";
import { PRODUCT_NOT_FOUND, slugify } from "#contract/catalog";
import { productGuideRef, SIZE_GUIDE_MISSING, SIZE_GUIDE_PARAMS } from "#contract/size-guides";
import { formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { shopperIntents } from "~/forms/shopper.forms";
import { SHOPPER_FORMS } from "~/forms/shopper.schema";
import { productIntents, stockAlertIntents } from "~/routes/product-details.forms";
import { productPath, sizeGuidePath } from "~/routes/product-details.paths";
import { PRODUCT_FORMS, reviewSchema, stockAlertFormSchema } from "~/routes/product-details.schema";
import type { RequestArgs } from "./auth.server";
import { getProduct, type ProductDetails } from "./catalog.server";
import { webEnv } from "./env.server";
import { isOwnProduct } from "./own-product.server";
import { getMyReview, getReviews, reviewAction, reviewsPageOf, type ReviewsAnswer } from "./reviews.server";
import { refusedShopperForm, shopperFormAction } from "./shopper-actions.server";
import { racketFit as fitOfRacket } from "./racket-finder.server";
import { getShopper } from "./shopper.server";
import { getMyStockAlerts, stockAlertAction } from "./stock-alerts.server";

/** The product page (/product/details/{slug}): what it shows and its forms' action. */

/** schema.org Product, so search engines can show price, stock and rating. */
function structuredDataOf(product: ProductDetails, reviews: ReviewsAnswer) {
  const pageUrl = `${webEnv.publicWebUrl}/product/details/${product.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    image: product.photos.map((photo) => photo.src),
    description: product.description,
    brand: { "@type": "Brand", name: product.brand },
    sku: product._id,
    url: pageUrl,
    offers: {
      "@type": "Offer",
      url: pageUrl,
      price: (product.salePrice / 100).toFixed(2),
      priceCurrency: "USD",
      availability:
        product.available && product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      seller: { "@type": "Organization", name: product.shop.name },
    },
    ...(product.rating > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            bestRating: 5,
            worstRating: 1,
            ...(reviews.totalReview > 0 ? { reviewCount: reviews.totalReview } : {}),
          },
        }
      : {}),
  };
}

/**
 * The product an address names, or the 404 page. A link made the spec's way (the name in lower
 * case, spaces as hyphens) and a renamed product's old address lead, for good, to the product's
 * own address of the same page (`pathOf`), keeping the query.
 */
async function productOfAddress(
  args: RequestArgs & { params: { slug?: string } },
  pathOf: (slug: string) => string,
): Promise<NonNullable<Awaited<ReturnType<typeof getProduct>>>> {
  const requested = args.params.slug ?? "";
  const found = await getProduct(args.context.api, requested);
  if (!found) {
    // A link made the spec's way keeps accents and dots the store's addresses drop.
    const slug = slugify(requested);
    if (slug && slug !== requested && (await getProduct(args.context.api, slug))) throw redirect(pathOf(slug), 301);
    throw new Response(PRODUCT_NOT_FOUND, { status: 404 });
  }
  // Links and search engines follow a renamed product's old address to its new one.
  if (found.redirectSlug !== undefined)
    throw redirect(`${pathOf(found.redirectSlug)}${new URL(args.request.url).search}`, 301);
  return found;
}

/**
 * The product with its related products and a page of reviews, what the shopper may do with it
 * (their review, the sizes they wait for, whether it is their own shop's) and its forms' constraints.
 */
export async function loadProductPage(args: RequestArgs & { params: { slug?: string } }) {
  const found = await productOfAddress(args, productPath);
  const { product, relatedProducts, firstReviews } = found;
  const shopper = getShopper(args);
  const reviewsPageNo = reviewsPageOf(args.request);
  // The product's answer carries the first page of reviews; only later pages need a call.
  const [reviews, myReview, stockAlerts, own, racketFit] = await Promise.all([
    reviewsPageNo === 1 ? firstReviews : getReviews(args.context.api, product._id, reviewsPageNo),
    getMyReview(shopper, product._id),
    getMyStockAlerts(args, product),
    isOwnProduct(args, product),
    // «¿Es esta tu pala?»: a racket against the answers last given to the finder (issue 36).
    product.specSheet === "pala" ? fitOfRacket(args.context.api, args.request, product.slug) : null,
  ]);
  return {
    product,
    relatedProducts,
    structuredData: structuredDataOf(product, reviews),
    reviews,
    reviewsPageNo,
    myReview,
    stockAlerts,
    own,
    racketFit,
    sizeGuide: productGuideRef(product),
    constraints: formConstraints({ review: reviewSchema, stockAlert: stockAlertFormSchema }),
  };
}

/**
 * /product/details/{slug}/size-guide?pie= (or ?pecho=&cintura=&cadera=): the product's size guide
 * (issue 36) and the measures asked, if any; a product without one is the 404 page.
 */
export async function loadSizeGuidePage(args: RequestArgs & { params: { slug?: string } }) {
  const { product } = await productOfAddress(args, sizeGuidePath);
  const guide = productGuideRef(product);
  if (!guide) throw new Response(SIZE_GUIDE_MISSING, { status: 404 });
  const query = new URL(args.request.url).searchParams;
  return {
    product: { name: product.name, slug: product.slug, sizes: product.sizes },
    guide,
    asked: Object.fromEntries(SIZE_GUIDE_PARAMS.map((param) => [param, query.get(param)])),
  };
}

function isStockAlert(intent: FormDataEntryValue | null): boolean {
  return intent === stockAlertIntents.subscribe || intent === stockAlertIntents.cancel;
}

/**
 * The page's forms: the purchase form's cart, favourites and compare buttons (shopperFormAction),
 * the review form, and 'Avísame cuando vuelva' with its cancel.
 */
export async function productPageAction(args: RequestArgs & { params: { slug?: string } }) {
  const path = productPath(args.params.slug ?? "");
  const form = await parseIntentForm(args.request, PRODUCT_FORMS, {
    // One back-in-stock form per sold-out size: a refusal is the size's.
    target: (formData) => (isStockAlert(formData.get("intent")) ? String(formData.get("size") ?? "") : undefined),
  });
  if (!form.ok) return Object.hasOwn(SHOPPER_FORMS, form.intent) ? refusedShopperForm(args, form) : form.answer;
  switch (form.intent) {
    case productIntents.review:
      return reviewAction(args, form, path);
    case stockAlertIntents.subscribe:
    case stockAlertIntents.cancel:
      return stockAlertAction(args, form, path);
    case shopperIntents.addToCart:
    case shopperIntents.addToWishlist:
    case shopperIntents.addToCompare:
    case shopperIntents.increase:
    case shopperIntents.decrease:
    case shopperIntents.removeFromCart:
    case shopperIntents.removeFromWishlist:
    case shopperIntents.removeFromCompare:
      return shopperFormAction(args, form);
  }
}
