import { typedRate } from "#contract/commission-labels";
import { commissionEndpoints } from "#contract/commission";
import { answerRefused, formConstraints, parseIntentForm } from "~/forms/form-answer.server";
import { commissionIntents } from "~/routes/dashboard/admin/commission.forms";
import {
  categoryCommissionForm,
  COMMISSION_FORMS,
  removeCategoryCommissionForm,
  removeShopCommissionForm,
  shopCommissionForm,
  storeCommissionForm,
} from "~/routes/dashboard/admin/commission.schema";
import { adminPaths } from "~/routes/dashboard/admin/paths";
import { pageErrorOf, requireAdmin } from "./admin.server";
import type { RequestArgs } from "./auth.server";
import { redirectWithFlash } from "./session.server";
import { dateTime } from "./times.server";

/** /dashboard/admin/commission (issue 35): the store's rate and the overrides per shop and per category. */
export async function loadCommission(args: RequestArgs) {
  const account = requireAdmin(args);
  const overview = await account.call(commissionEndpoints.overview).catch((error: unknown) => {
    throw pageErrorOf(error);
  });
  const shown = (row: { id: string; name: string; rateBp: number; updatedAt: string; updatedBy: string }) => ({
    ...row,
    changedOn: dateTime(row.updatedAt),
  });
  return {
    store: {
      ...overview.store,
      typed: typedRate(overview.store.rateBp),
      changedOn: overview.store.updatedAt ? dateTime(overview.store.updatedAt) : null,
    },
    shops: overview.shops.map(({ shopId, shopName, ...row }) => shown({ id: shopId, name: shopName, ...row })),
    categories: overview.categories.map(({ categoryId, categoryName, ...row }) =>
      shown({ id: categoryId, name: categoryName, ...row }),
    ),
    choices: {
      shops: overview.choices.shops.map((shop) => ({ value: shop.id, label: shop.name })),
      categories: overview.choices.categories.map((category) => ({ value: category.id, label: category.name })),
    },
    constraints: formConstraints({
      store: storeCommissionForm,
      shop: shopCommissionForm,
      category: categoryCommissionForm,
      removeShop: removeShopCommissionForm,
      removeCategory: removeCategoryCommissionForm,
    }),
  };
}

/** Sets or removes a rate; back to the page with the API's message as the flash. */
export async function commissionAction(args: RequestArgs) {
  const account = requireAdmin(args);
  const form = await parseIntentForm(args.request, COMMISSION_FORMS);
  if (!form.ok) return form.answer;
  const back = ({ message }: { message: string }) =>
    redirectWithFlash(args.context, adminPaths.commission, { kind: "success", message });
  try {
    switch (form.intent) {
      case commissionIntents.store:
        return back(await account.call(commissionEndpoints.setStore, { body: { rateBp: form.value.rateBp } }));
      case commissionIntents.shop:
        return back(
          await account.call(commissionEndpoints.setShop, {
            params: { shopId: form.value.targetId },
            body: { rateBp: form.value.rateBp },
          }),
        );
      case commissionIntents.removeShop:
        return back(await account.call(commissionEndpoints.removeShop, { params: { shopId: form.value.targetId } }));
      case commissionIntents.category:
        return back(
          await account.call(commissionEndpoints.setCategory, {
            params: { categoryId: form.value.targetId },
            body: { rateBp: form.value.rateBp },
          }),
        );
      case commissionIntents.removeCategory:
        return back(
          await account.call(commissionEndpoints.removeCategory, { params: { categoryId: form.value.targetId } }),
        );
    }
  } catch (error) {
    // A removal is answered beside its row's button.
    const removal = form.intent === commissionIntents.removeShop || form.intent === commissionIntents.removeCategory;
    return answerRefused(error, form, {
      fields: ["rateBp", "targetId"],
      fieldNames: { shopId: "targetId", categoryId: "targetId" },
      target: removal ? form.value.targetId : undefined,
    });
  }
}
