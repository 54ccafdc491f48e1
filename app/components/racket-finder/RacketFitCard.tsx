import type { FitLevel } from "#contract/racket-finder-fields";
import { Badge, type BadgeTone } from "~/components/ui/Badge";
import { ButtonLink } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { TextLink } from "~/components/ui/TextLink";
import type { RacketFit } from "~/services/racket-finder.server";

const FIT_TONES: Record<FitLevel, BadgeTone> = {
  ideal: "success",
  buena: "info",
  floja: "warning",
  descartada: "danger",
};

function Reasons({ title, reasons, testId }: { title: string; reasons: string[]; testId: string }) {
  return reasons.length > 0 ? (
    <div>
      <p className="font-semibold text-slate-900">{title}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800" data-testid={testId}>
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  ) : null;
}

/**
 * «¿Es esta tu pala?» on a racket's page: how it fits the answers the shopper last gave the finder
 * (its cookie), or an invitation to answer them.
 */
export function RacketFitCard({ fit }: { fit: RacketFit | null }) {
  return (
    <Card title="¿Es esta tu pala?" titleId="es-tu-pala" tone="muted" className="mt-8" data-testid="es-tu-pala">
      {fit ? (
        <>
          <p>
            <Badge tone={FIT_TONES[fit.fit]}>{fit.label}</Badge>
          </p>
          <Reasons title="A favor" reasons={fit.pros} testId="es-tu-pala-pros" />
          <Reasons title="En contra" reasons={fit.cons} testId="es-tu-pala-contras" />
          <p className="text-sm text-slate-700">
            Según lo que respondiste en el buscador de palas.{" "}
            <TextLink to={fit.finderHref}>Cambiar respuestas</TextLink>
          </p>
        </>
      ) : (
        <>
          <p className="text-slate-800">
            Responde siete preguntas sobre tu juego y te decimos si esta pala encaja contigo.
          </p>
          <ButtonLink to="/racket-finder" variant="dark" size="sm">
            Abrir el buscador de palas
          </ButtonLink>
        </>
      )}
    </Card>
  );
}
