import { lazy, Suspense, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SIZE_GUIDE_TITLE } from "#contract/seller-product-labels";
import type { GuideRef } from "#contract/size-guides";
import { TextLink } from "~/components/ui/TextLink";

/** The dialog, its tables and their figures load when a shopper first opens it, not with the product page. */
const SizeGuideDialog = lazy(() => import("./SizeGuide").then((module) => ({ default: module.SizeGuideDialog })));

/**
 * «Guía de tallas» on the product page (issue 36): a link to the guide's own page, which with
 * JavaScript opens the same guide in a dialog instead.
 */
export function SizeGuideLink({
  guide,
  sizes,
  href,
  productName,
}: {
  guide: GuideRef;
  sizes: readonly { size: string; stock: number }[];
  href: string;
  productName: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <TextLink
        to={href}
        className="text-sm"
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {SIZE_GUIDE_TITLE}
      </TextLink>
      {open ? (
        <Suspense fallback={null}>
          <SizeGuideDialog
            guide={guide}
            sizes={sizes}
            href={href}
            productName={productName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
