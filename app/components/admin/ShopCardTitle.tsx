import type { ShopStatus } from "#contract/shop-labels";
import { TextLink } from "~/components/ui/TextLink";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { ShopStatusBadge } from "./ShopStatusBadge";

/** A shop's card heading in the admin lists: its name linking to its request's page, and its status. */
export function ShopCardTitle({
  headingId,
  userId,
  shopName,
  status,
}: {
  headingId: string;
  userId: string;
  shopName: string;
  status: ShopStatus;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <h2 id={headingId} className="min-w-0 break-words text-lg font-bold text-slate-900">
        <TextLink to={adminPaths.shopRequest(userId)}>{shopName}</TextLink>
      </h2>
      <ShopStatusBadge status={status} />
    </div>
  );
}
