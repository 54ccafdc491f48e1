import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Detail, DetailList } from "~/components/ui/Details";
import { TextLink } from "~/components/ui/TextLink";
import { requireAccount } from "~/services/auth.server";
import { getOwnTrialClass, trialClassPageAction } from "~/services/trial-class.server";
import { trialClassIntents } from "./trial-class.forms";

export const meta: MetaFunction = () => [
  { title: "Clase de prueba | Mercado Pádel" },
  { name: "description", content: "Tu plaza en la clase de prueba gratuita de pádel del sábado." },
  { name: "robots", content: "noindex" },
];

export async function loader(args: LoaderFunctionArgs) {
  const account = requireAccount(args);
  return { trialClass: await getOwnTrialClass(account) };
}

export async function action(args: ActionFunctionArgs) {
  return trialClassPageAction(args, requireAccount(args));
}

export default function TrialClassBooking() {
  const { trialClass } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const cancelling = navigation.state !== "idle" && navigation.formData?.get("intent") === trialClassIntents.cancel;

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
        <div data-testid="trial-class-booking">
          <Card title="Tu reserva" titleId="titulo-reserva">
            <DetailList>
              <Detail term="Fecha">
                <time dateTime={trialClass.classDate}>{trialClass.dayText}</time>
              </Detail>
              <Detail term="Horario">
                De {trialClass.startTime} a {trialClass.endTime}
              </Detail>
            </DetailList>
            <Form method="post">
              <Button
                type="submit"
                name="intent"
                value={trialClassIntents.cancel}
                disabled={cancelling}
                variant="danger"
              >
                Cancelar reserva
              </Button>
            </Form>
          </Card>
        </div>
      ) : (
        <div data-testid="trial-class-booking">
          <Card>
            <p className="text-slate-800">
              No tienes ninguna plaza reservada en la próxima clase ({trialClass.dayText}).
            </p>
            <p className="mt-3">
              <TextLink to="/gift#prueba-gratis">Reservar una plaza en la página de regalos</TextLink>
            </p>
          </Card>
        </div>
      )}
    </section>
  );
}
