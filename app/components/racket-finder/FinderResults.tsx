import { Link } from "@remix-run/react";
import { BallIcon } from "~/components/icons";
import { Price } from "~/components/product/Price";
import { Card } from "~/components/ui/Card";
import { Notice } from "~/components/ui/Notice";
import { TextLink } from "~/components/ui/TextLink";
import { FINDER_MESSAGES } from "#contract/racket-finder-fields";
import type { FinderResults as Results } from "~/services/racket-finder.server";

type FinderRacket = Results["rackets"][number];

const rackets = (count: number) => (count === 1 ? "1 pala encaja" : `${count} palas encajan`);

function RacketResult({ racket, position }: { racket: FinderRacket; position: number }) {
  const href = `/product/details/${racket.slug}`;
  const sizes = racket.sizes.filter((size) => size.stock > 0).map((size) => size.size);
  const headingId = `pala-${position}`;
  return (
    <Card aria-labelledby={headingId} className="flex flex-col gap-4 sm:flex-row" data-testid="buscador-resultado">
      <Link to={href} tabIndex={-1} aria-hidden className="mx-auto size-32 shrink-0 sm:mx-0">
        {racket.image ? (
          <img
            src={racket.image.src}
            srcSet={racket.image.srcSet}
            sizes="128px"
            width={128}
            height={128}
            loading={position <= 2 ? "eager" : "lazy"}
            alt=""
            className="size-full object-contain"
          />
        ) : (
          <BallIcon className="size-full p-8 text-slate-400" />
        )}
      </Link>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm text-slate-600">
          {position}.º · {racket.brand} · {racket.shopName}
        </p>
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          <TextLink to={href}>{racket.name}</TextLink>
        </h3>
        <Price price={racket.price} salePrice={racket.salePrice} discount={racket.discount} />
        {racket.hasSizes ? <p className="text-sm text-slate-700">Tallas disponibles: {sizes.join(", ")}</p> : null}
        {racket.reasons.length > 0 ? (
          <>
            <p className="sr-only">Por qué te la proponemos:</p>
            <ul className="list-disc space-y-1 pl-5 text-slate-800" data-testid="buscador-razones">
              {racket.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </Card>
  );
}

/** The rackets that fit the answers, best first, or what to change when none does. */
export function FinderResults({ results, relax }: { results: Results; relax: { message: string; href: string }[] }) {
  return (
    <section aria-labelledby="buscador-resultados" className="space-y-4">
      <h2 id="buscador-resultados" className="text-2xl font-extrabold tracking-tight text-slate-900">
        Tus palas
      </h2>
      <p role="status" className="font-semibold text-slate-700" data-testid="buscador-total">
        {results.total === 0
          ? FINDER_MESSAGES.nothingFits
          : results.total > results.rackets.length
            ? `${rackets(results.total)} contigo. Estas son las ${results.rackets.length} mejores.`
            : `${rackets(results.total)} contigo.`}
      </p>
      {results.total === 0 ? (
        <Notice tone="info">
          {relax.length > 0 ? (
            <ul className="space-y-1" data-testid="buscador-relajar">
              {relax.map((hint) => (
                <li key={hint.href}>
                  <TextLink to={hint.href}>{hint.message}</TextLink>
                </li>
              ))}
            </ul>
          ) : (
            FINDER_MESSAGES.noSingleRelax
          )}
        </Notice>
      ) : (
        <ol className="space-y-4">
          {results.rackets.map((racket, index) => (
            <li key={racket._id}>
              <RacketResult racket={racket} position={index + 1} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
