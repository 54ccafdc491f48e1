import type { SellerDashboardAnswer } from "#contract/dashboards";
import { Badge } from "~/components/ui/Badge";
import { TextLink } from "~/components/ui/TextLink";
import { sellerPaths } from "~/routes/dashboard/seller/paths";

type Steps = SellerDashboardAnswer["onboarding"];

/** Each first step of a new shop, in the order a seller does them, with the screen that does it. */
const STEPS: { key: keyof Steps; label: string; hint: string; path: string }[] = [
  {
    key: "profile",
    label: "Completa el perfil de tu tienda",
    hint: "Un logo y una descripción: es lo primero que ven los clientes.",
    path: sellerPaths.profile,
  },
  {
    key: "payout",
    label: "Indica dónde cobras",
    hint: "Tu cuenta o Pago Móvil, para poder retirar tus ventas.",
    path: `${sellerPaths.payments}#titulo-metodo`,
  },
  {
    key: "product",
    label: "Publica tu primer producto",
    hint: "Con sus fotos, su precio y su stock.",
    path: sellerPaths.addProduct,
  },
  {
    key: "shipping",
    label: "Elige cómo cobras el envío",
    hint: "La tarifa general de la tienda o una tuya.",
    path: sellerPaths.shipping,
  },
];

export const firstStepsDone = (steps: Steps) => STEPS.every((step) => steps[step.key]);

/** A new shop's checklist (issue 34): shown on its panel until every step is done. */
export function FirstSteps({ steps }: { steps: Steps }) {
  const done = STEPS.filter((step) => steps[step.key]).length;
  return (
    <section aria-labelledby="titulo-primeros-pasos" data-testid="first-steps">
      <h3 id="titulo-primeros-pasos" className="font-semibold text-slate-900">
        Primeros pasos de tu tienda: {done} de {STEPS.length}
      </h3>
      <ol className="mt-2 space-y-3">
        {STEPS.map((step) => (
          <li
            key={step.key}
            className="flex flex-wrap items-start gap-x-3 gap-y-1"
            data-testid={`first-step-${step.key}`}
          >
            <Badge tone={steps[step.key] ? "success" : "warning"}>{steps[step.key] ? "Hecho" : "Pendiente"}</Badge>
            <div className="min-w-0">
              <TextLink to={step.path}>{step.label}</TextLink>
              <p className="text-sm text-slate-700">{step.hint}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
