import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { NETWORK_OR_SERVER_ERROR } from "#contract/messages";
import { textLinkClass } from "~/components/ui/TextLink";
import { ApiError } from "~/services/api.server";
import { requireAccount } from "~/services/auth.server";
import { cancelTrialClass, getOwnTrialClass } from "~/services/trial-class.server";
import { redirectWithFlash } from "~/services/session.server";
import { logError } from "~/services/log.server";
import { readForm } from "~/services/form.server";

export const meta: MetaFunction = () => [
  { title: "Clase de prueba | Mercado Pádel" },
  { name: "description", content: "Tu plaza en la clase de prueba gratuita de pádel del sábado." },
  { name: "robots", content: "noindex" },
];

const CANCEL_INTENT = "cancel-trial-class";

export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  return { trialClass: await getOwnTrialClass(account) };
}

/** 'Cancelar reserva': the place goes back to the class; a flash says how it went. */
export async function action(args: ActionFunctionArgs) {
  const account = requireAccount(args);
  const formData = await readForm(args.request);
  if (formData.get("intent") !== CANCEL_INTENT) throw new Response(null, { status: 400 });
  try {
    const { message } = await cancelTrialClass(account);
    return redirectWithFlash(args.context, "/dashboard/trial-class", { kind: "success", message });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status < 500)
      return redirectWithFlash(args.context, "/dashboard/trial-class", { kind: "error", message: error.message });
    logError("No se pudo cancelar la reserva de la clase de prueba", error);
    return redirectWithFlash(args.context, "/dashboard/trial-class", {
      kind: "error",
      message: NETWORK_OR_SERVER_ERROR,
    });
  }
}

export default function TrialClassBooking() {
  const { trialClass } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === CANCEL_INTENT;

  return (
    <section aria-labelledby="titulo-clase" className="max-w-2xl space-y-6">
      <div>
        <h1 id="titulo-clase" className="text-3xl font-bold text-slate-900">
          Clase de prueba
        </h1>
        <p className="mt-2 text-slate-700">
          Pádel gratis los sábados de 10:00 a 11:30. Raquetas y pelotas proporcionadas.
        </p>
      </div>

      {trialClass.booked ? (
        <div
          className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          data-testid="trial-class-booking"
        >
          <h2 className="text-xl font-bold text-slate-900">Tu reserva</h2>
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">Fecha</dt>
              <dd className="mt-1 text-slate-900">
                <time dateTime={trialClass.classDate}>{trialClass.dayText}</time>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold uppercase tracking-widest text-slate-600">Horario</dt>
              <dd className="mt-1 text-slate-900">
                De {trialClass.startTime} a {trialClass.endTime}
              </dd>
            </div>
          </dl>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value={CANCEL_INTENT}
              disabled={cancelling}
              className="inline-flex items-center justify-center rounded-full border-2 border-red-700 px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
            >
              Cancelar reserva
            </button>
          </Form>
        </div>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" data-testid="trial-class-booking">
          <p className="text-slate-800">
            No tienes ninguna plaza reservada en la próxima clase ({trialClass.dayText}).
          </p>
          <p className="mt-3">
            <Link to="/gift#prueba-gratis" className={textLinkClass}>
              Reservar una plaza en la página de regalos
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
