import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { PageIntro } from "~/components/content/PageIntro";
import { ButtonLink } from "~/components/ui/Button";
import { NO_SCRIPTS } from "~/browser/page-scripts";
import { catalogPageHeaders } from "~/services/catalog.server";

/** Plain text, links and forms that post: scripts would add nothing here. */
export const handle = NO_SCRIPTS;

/** The same text for every visitor: a shared cache may keep it like a catalogue page (the layout shows the categories). */
export const headers: HeadersFunction = catalogPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Sobre nosotros | Mercado Pádel" },
  {
    name: "description",
    content:
      "Conoce Mercado Pádel: un mercado en línea donde tiendas especializadas de Venezuela, España y Estados Unidos venden palas, pelotas, calzado y ropa de pádel.",
  },
];

const keyFacts = [
  { value: "3", label: "países con tiendas y clientes" },
  { value: "1", label: "carrito para todas las tiendas" },
  { value: "14 días", label: "para devolver tu compra" },
  { value: "Sábados", label: "clase de prueba gratuita" },
];

const marketplaceSteps = [
  {
    title: "Tiendas verificadas",
    text: "Cada tienda solicita su alta con sus datos fiscales y documentación. Nuestro equipo la revisa antes de que pueda publicar un solo producto.",
  },
  {
    title: "Un solo carrito",
    text: "Compra en varias tiendas a la vez y paga una sola vez. Cada tienda prepara y envía su parte del pedido, y tú sigues cada envío desde tu perfil.",
  },
  {
    title: "Pago protegido",
    text: "Paga con tu cartera o con tarjeta a través de PayPal. El pedido solo cuenta como pagado cuando el cobro está confirmado, y nunca se cobra dos veces.",
  },
];

const countries = [
  {
    name: "Venezuela",
    text: "Donde nació la idea: clubes que crecen cada año y jugadores que buscaban material de calidad sin depender de la suerte.",
  },
  {
    name: "España",
    text: "La cuna del pádel moderno y hogar de muchas de nuestras tiendas, con las marcas y novedades de cada temporada.",
  },
  {
    name: "Estados Unidos",
    text: "Una comunidad que se multiplica en ciudades como Miami, con tiendas que traen el pádel a nuevos jugadores.",
  },
];

export default function About() {
  return (
    <>
      <PageIntro eyebrow="Quiénes somos" title="Sobre nosotros">
        <p>
          Mercado Pádel reúne en un solo lugar a tiendas especializadas en pádel para que encuentres la pala, las
          pelotas, el calzado o la ropa que buscas, compares precios y compres con confianza.
        </p>
      </PageIntro>

      <section
        aria-labelledby="quienes-somos"
        className="mx-auto grid max-w-7xl gap-10 px-4 md:px-6 py-16 lg:grid-cols-2 lg:items-center"
      >
        <div>
          <h2 id="quienes-somos" className="text-3xl font-bold tracking-tight text-slate-900">
            Jugadores que venden a jugadores
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-slate-700">
            <p>
              Somos un equipo de aficionados al pádel que se cansó de recorrer una docena de webs para encontrar una
              pala concreta. Por eso creamos un mercado donde las tiendas que conocen el deporte ponen su catálogo al
              alcance de todos.
            </p>
            <p>
              Cuidamos que cada ficha diga lo que importa (peso, balance, forma, dureza y tallas disponibles) y que las
              opiniones sean de compradores reales, para que elijas bien a la primera.
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {keyFacts.map((fact) => (
            <div key={fact.label} className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <dt className="text-sm text-slate-600">{fact.label}</dt>
              <dd className="order-first text-3xl font-extrabold text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="multitienda" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 md:px-6 py-16">
          <h2 id="multitienda" className="text-3xl font-bold tracking-tight text-slate-900">
            Un mercado, muchas tiendas
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-slate-700">
            Mercado Pádel no es una tienda más: es la plataforma donde muchas tiendas independientes venden a la vez. Tú
            eliges el producto; nosotros nos ocupamos de que la compra sea sencilla y segura.
          </p>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {marketplaceSteps.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-lime-400 text-lg font-bold text-slate-900"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="paises" className="mx-auto max-w-7xl px-4 md:px-6 py-16">
        <h2 id="paises" className="text-3xl font-bold tracking-tight text-slate-900">
          Venezuela, España y Estados Unidos
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">
          Nuestras tiendas y clientes están en tres países unidos por la misma pasión. Cada tienda indica desde dónde
          envía, y los gastos de envío se muestran en el carrito antes de pagar.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {countries.map((country) => (
            <li key={country.name} className="rounded-2xl border-t-4 border-lime-400 bg-slate-900 p-6 text-white">
              <h3 className="text-xl font-semibold">{country.name}</h3>
              <p className="mt-2 text-slate-300">{country.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="clase-de-prueba" className="mx-auto max-w-7xl px-4 md:px-6 pb-16">
        <div className="flex flex-col gap-8 rounded-3xl bg-lime-400 p-8 text-slate-900 sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="clase-de-prueba" className="text-3xl font-bold tracking-tight">
              ¿Nunca has jugado? Prueba gratis
            </h2>
            <p className="mt-4 text-lg">
              Todos los sábados de 10:00 a 11:30 organizamos una clase de prueba gratuita. No se requiere experiencia
              previa: ponemos las raquetas y las pelotas. Las plazas son limitadas.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/gift" variant="dark">
              Ver la clase de prueba
            </ButtonLink>
            <ButtonLink to="/contact" variant="secondary">
              Contáctanos
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
