import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { storeContact } from "~/services/store-contact";
import { PageIntro } from "~/components/content/PageIntro";
import { TextLink, textLinkClass } from "~/components/ui/TextLink";
import { NO_SCRIPTS } from "~/browser/page-scripts";
import { catalogPageHeaders } from "~/services/catalog.server";

/** Plain text, links and forms that post: scripts would add nothing here. */
export const handle = NO_SCRIPTS;

/** The same text for every visitor: a shared cache may keep it like a catalogue page (the layout shows the categories). */
export const headers: HeadersFunction = catalogPageHeaders;

export const meta: MetaFunction = () => [
  { title: "Términos, privacidad y políticas | Mercado Pádel" },
  {
    name: "description",
    content:
      "Términos y condiciones de Mercado Pádel, política de privacidad, envíos y devoluciones: cómo compramos, pagamos, enviamos y reembolsamos.",
  },
];

const contactEmail = (
  <a href={`mailto:${storeContact.email}`} className={textLinkClass}>
    {storeContact.email}
  </a>
);

const policySections: { id: string; title: string; content: ReactNode }[] = [
  {
    id: "terminos",
    title: "Términos y condiciones",
    content: (
      <>
        <h3>Quiénes somos</h3>
        <p>
          Mercado Pádel es un mercado en línea en el que tiendas independientes (los «vendedores») ofrecen artículos de
          pádel. Mercado Pádel gestiona la plataforma, los pagos y la atención al cliente; cada vendedor es responsable
          de sus productos, de sus descripciones, de sus existencias y del envío de sus pedidos. Al comprar o
          registrarte aceptas estas condiciones.
        </p>
        <h3>Tu cuenta</h3>
        <p>
          Para comprar necesitas una cuenta con datos veraces. Eres responsable de guardar tu contraseña; si sospechas
          que alguien ha accedido a tu cuenta, cámbiala y avísanos. Podemos suspender cuentas que cometan fraude o
          incumplan estas condiciones.
        </p>
        <h3>Precios y pedidos</h3>
        <ul>
          <li>
            Los precios se muestran en dólares estadounidenses (USD). El precio válido es el que calcula nuestro
            servidor al confirmar el pedido, con los descuentos aplicados.
          </li>
          <li>
            Un pedido con productos de varias tiendas se divide en un subpedido por tienda. Al confirmarlo reservamos
            las unidades; si el pedido no se paga en 30 minutos, se anula y las unidades vuelven a estar disponibles.
          </li>
          <li>
            En un pedido aún sin pagar puedes proponer al vendedor un precio menor. Si lo acepta, el nuevo precio se
            aplica al subpedido y te avisamos; si lo rechaza, el precio no cambia.
          </li>
        </ul>
        <h3>Pagos</h3>
        <p>
          Puedes pagar con el saldo de tu cartera o con tarjeta a través de PayPal. Un pedido se considera pagado solo
          cuando el proveedor confirma el cobro, y un mismo pedido nunca se cobra dos veces. No guardamos los datos de
          tu tarjeta.
        </p>
        <h3>Cupones y vales</h3>
        <p>
          Los cupones se aplican en el pago y tienen usos limitados. Los vales se abonan en tu cartera una sola vez por
          usuario y solo antes de su fecha de caducidad. Ni unos ni otros se pueden cambiar por dinero.
        </p>
        <h3>Vendedores</h3>
        <p>
          Para abrir una tienda hay que enviar una solicitud con el nombre comercial, el RIF, la ubicación, un teléfono
          y la documentación que la acredite; nuestro equipo la aprueba o la rechaza indicando el motivo. Cada venta
          pagada se abona en la cartera del vendedor, descontada la comisión de la plataforma que se muestra en cada
          pedido. Los vendedores se comprometen a describir sus productos con exactitud y a enviarlos en los plazos
          indicados.
        </p>
        <h3>Responsabilidad</h3>
        <p>
          Trabajamos para que la plataforma esté disponible y sea segura, pero no respondemos de interrupciones ajenas a
          nuestro control. Nada de lo dispuesto aquí limita los derechos que la ley de tu país te reconoce como
          consumidor.
        </p>
      </>
    ),
  },
  {
    id: "privacidad",
    title: "Privacidad",
    content: (
      <>
        <h3>Qué datos tratamos</h3>
        <ul>
          <li>Datos de tu cuenta: nombre, correo electrónico y contraseña, que guardamos cifrada y nunca en claro.</li>
          <li>Datos de tus compras: pedidos, dirección de envío, teléfono y movimientos de tu cartera.</li>
          <li>Los mensajes que nos envías desde el formulario de contacto.</li>
          <li>
            Si solicitas abrir una tienda, los datos y documentos de la solicitud, que, además de ti, solo ve nuestro
            equipo de administración.
          </li>
        </ul>
        <h3>Para qué los usamos</h3>
        <p>
          Para gestionar tu cuenta, tramitar y enviar tus pedidos, cobrar y reembolsar, responder a tus consultas,
          cumplir nuestras obligaciones legales y proteger la plataforma frente al fraude. No te enviamos publicidad sin
          tu consentimiento.
        </p>
        <h3>Con quién los compartimos</h3>
        <p>
          Cada vendedor recibe solo los datos necesarios para enviar su parte del pedido (nombre, dirección y teléfono).
          El pago lo procesa PayPal, y los paquetes los entregan empresas de transporte. No vendemos tus datos a nadie.
        </p>
        <h3>Cookies</h3>
        <p>
          Usamos únicamente cookies técnicas, imprescindibles para mantener tu sesión iniciada y tu carrito. No usamos
          cookies publicitarias ni de analítica de terceros.
        </p>
        <h3>Cuánto tiempo los guardamos</h3>
        <p>
          Mientras tu cuenta esté activa y, después, solo durante el tiempo que exija la ley (por ejemplo, para la
          facturación).
        </p>
        <h3>Tus derechos</h3>
        <p>
          Puedes pedir acceso a tus datos, su corrección, su eliminación o su traslado a otro servicio, y oponerte a su
          uso, escribiendo a {contactEmail}. Si resides en la Unión Europea, también puedes reclamar ante la autoridad
          de protección de datos (en España, la Agencia Española de Protección de Datos).
        </p>
      </>
    ),
  },
  {
    id: "envios",
    title: "Envíos",
    content: (
      <>
        <h3>Quién envía</h3>
        <p>
          Cada tienda prepara y envía su parte del pedido desde su propio almacén. Si compras en varias tiendas,
          recibirás varios paquetes, cada uno con su seguimiento.
        </p>
        <h3>Gastos de envío</h3>
        <p>
          Se cobra una tarifa fija por cada tienda del pedido, que pasa a ser gratuita cuando lo comprado en esa tienda
          supera el importe mínimo indicado. El carrito muestra los gastos exactos antes de pagar.
        </p>
        <h3>Plazos orientativos</h3>
        <ul>
          <li>Preparación: de 1 a 3 días hábiles desde que el pago se confirma.</li>
          <li>Entrega dentro del mismo país: de 2 a 7 días hábiles, según el destino.</li>
          <li>
            Envíos entre Venezuela, España y Estados Unidos: pueden tardar más y estar sujetos a aranceles o impuestos
            de importación, que corren a cargo del destinatario.
          </li>
        </ul>
        <h3>Seguimiento</h3>
        <p>
          En «Mis pedidos» de tu perfil verás el estado de cada subpedido: pendiente, procesando, enviado, entregado o
          cancelado. Te avisamos cada vez que cambia.
        </p>
        <h3>Incidencias</h3>
        <p>
          Revisa la dirección antes de pagar: una dirección incorrecta puede retrasar o impedir la entrega. Si el
          paquete llega dañado, indícalo al transportista y escríbenos en un plazo de 48 horas con fotos a{" "}
          {contactEmail}.
        </p>
      </>
    ),
  },
  {
    id: "devoluciones",
    title: "Devoluciones",
    content: (
      <>
        <h3>Plazo</h3>
        <p>
          Dispones de 14 días naturales desde que recibes el pedido para devolverlo sin necesidad de justificar el
          motivo.
        </p>
        <h3>Condiciones</h3>
        <ul>
          <li>El producto debe estar sin usar, con sus etiquetas y en su embalaje original.</li>
          <li>
            No se admiten devoluciones de productos personalizados ni de artículos precintados por razones de higiene
            que se hayan desprecintado (por ejemplo, plantillas o protectores bucales).
          </li>
          <li>Las palas con golpes, grietas o marcas de juego se consideran usadas.</li>
        </ul>
        <h3>Cómo devolver</h3>
        <p>
          Escríbenos a {contactEmail} con tu número de pedido y el producto que quieres devolver. Te indicaremos la
          dirección de la tienda que lo envió. Los gastos del envío de vuelta corren de tu cuenta, salvo que el producto
          sea defectuoso o no sea el que pediste.
        </p>
        <h3>Reembolso</h3>
        <p>
          En un máximo de 14 días desde que la tienda recibe y revisa la devolución, te reembolsamos el importe en tu
          cartera de Mercado Pádel, y puedes usarlo en tu próxima compra.
        </p>
        <p>
          Si una tienda o la administración cancela un pedido que ya pagaste, antes de enviarlo, el reembolso es
          inmediato: lo que pagaste por esa parte vuelve a tu cartera y el pedido pasa a estado reembolsado. Si usaste
          un cupón, se aplica a lo que queda del pedido.
        </p>
        <h3>Productos defectuosos</h3>
        <p>
          Todos los productos tienen la garantía legal que corresponda (en España, tres años para productos nuevos). La
          garantía no cubre las roturas por mal uso, como los golpes de la pala contra la pared o el suelo.
        </p>
      </>
    ),
  },
];

export default function Policy() {
  return (
    <>
      <PageIntro eyebrow="Información legal" title="Términos, privacidad y políticas">
        <p>
          Cómo funciona la compra en Mercado Pádel: qué aceptamos ambas partes, cómo cuidamos tus datos y cómo enviamos
          y devolvemos los pedidos.
        </p>
      </PageIntro>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 md:px-6 py-14 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="indice" className="lg:sticky lg:top-28 lg:self-start">
          <h2 id="indice" className="text-sm font-semibold uppercase tracking-widest text-slate-600">
            Índice
          </h2>
          <ol className="mt-4 space-y-1 border-l-2 border-slate-200">
            {policySections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-0.5 block border-l-2 border-transparent py-1.5 pl-4 font-medium text-slate-700 hover:border-lime-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-slate-900"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="space-y-14">
          {policySections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="scroll-mt-28">
              <h2 id={`${section.id}-titulo`} className="text-3xl font-bold tracking-tight text-slate-900">
                {section.title}
              </h2>
              <div className="mt-6 max-w-3xl space-y-4 leading-relaxed text-slate-700 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
                {section.content}
              </div>
            </section>
          ))}
          <p className="border-t border-slate-200 pt-8 text-slate-700">
            ¿Tienes dudas sobre estas políticas? <TextLink to="/contact">Escríbenos</TextLink> y te responderemos.
          </p>
        </div>
      </div>
    </>
  );
}
