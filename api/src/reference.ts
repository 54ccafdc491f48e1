import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** One module's section of the API reference: the OpenAPI tag of its routes, and what holds for all of them. */
export interface ReferenceSection {
  /** The module's folder name (`api/src/modules/<name>`). */
  name: string;
  /** Markdown: who may call, the objects and statuses its calls share, how it keeps data consistent. */
  description: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The reference's sections, in the order the modules register (documentModule). */
    referenceSections: ReferenceSection[];
  }
}

/** Where the browsable reference is served (Swagger UI). */
export const REFERENCE_PATH = "/docs";

/**
 * The reference page runs Swagger UI's own scripts and stylesheets, from this API: only /docs gets
 * this policy, every other answer keeps `default-src 'none'` (app.ts, helmet). No inline script,
 * nothing from another origin; `data:` images are Swagger UI's icons. Swagger UI writes one inline
 * `<style>` as it starts: inline styles are allowed here, where the page shows only this document.
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** What holds for every call: the document's `info.description`, first thing /docs shows. */
const API_DESCRIPTION = `
The store's API: the calls of SPEC.md section 7, spellings included (\`palce-order\`, \`get-categorys\`,
\`notifiactions-read\`, \`withdrowAmount\`), and the ones later issues added. Every route is declared once in
\`contract/\` and registered from it (\`api/src/route.ts\`), so its inputs are validated and its answer carries
exactly the fields the contract names. This document is made from those schemas and from each route's summary
and description (\`route()\`'s options in \`api/src/modules/<domain>/routes.ts\`); each module is a section
(\`documentModule\`). It is served as JSON at \`/openapi.json\` and browsable at \`/docs\`.

**Callers.** A signed-in user sends \`Authorization: Bearer <access token>\` (section *accounts*: tokens,
refresh, roles); the cart, favourites, compare and coupon calls also take \`Guest <uuid>\`, a visitor's
random id the web keeps in its session (section *cart*). The role is read from the database on each call.
Without a valid token a call that needs one answers 401 \`No autorizado.\`; a role or a user that may not call
gets 403 \`No tienes permiso para esta acción.\`.

**Answers.** Money is integer cents (USD), computed by the server from the database: prices, totals, fees and
counts a client sends are ignored. Refusals answer 4xx \`{message, errors?: [{field, message}]}\` in Spanish;
bad input is 400 with a Spanish \`message\` and, per field, \`errors\` naming the field as the form names it. A
database that does not answer in time answers 503 \`El servicio está ocupado. Intenta de nuevo en unos
segundos.\` with \`Retry-After\`; an unexpected failure answers 500 \`{message}\` without details. Every 5xx is
logged with its request id (\`x-request-id\`, which the web sends with every call and writes on its own error
lines; the API answers it back, or a new one).

**Limits and hardening** (docs/api/limits.md): failed sign-ins and costly calls are rate limited (429 with
\`Retry-After\`), database work has time limits (503), a NUL character in any input is 400, uploads are judged
by their content and decoded through one bounded queue, and every answer carries strict headers.

**Live events** (docs/api/real-time.md): socket.io on this API's address, authenticated by a one-minute
socket token (\`POST /user/socket-token\`). SPEC.md section 7 has a client authenticate with its bare user id:
that is refused, by decision (anyone may know anyone's id), and stays so. Notifications and shop events reach
every instance through PostgreSQL's LISTEN/NOTIFY; \`shopApproval\` and \`shopRequest\` carry a fresh access
token for the user they reach, unless the handshake says \`accessTokens: false\`.

**Money and books** (docs/api/money.md): the wallet ledger and its references, what an order, a payment, a
cancellation and a withdrawal write, the sellers' balances, the books check and the dashboards' figures, all
in the store's time zone (Europe/Madrid, \`contract/store-time.ts\`).
`.trim();

/**
 * The OpenAPI document made from the routes' own contract schemas and descriptions (GET
 * /openapi.json, registered by app.ts) and Swagger UI reading it at /docs. Register it before the
 * modules, so it sees every route.
 */
export async function registerReference(app: FastifyInstance): Promise<void> {
  app.decorate("referenceSections", [] as ReferenceSection[]);
  await app.register(swagger, {
    openapi: {
      info: { title: "API de Mercado Pádel", version: "1", description: API_DESCRIPTION },
    },
    transform: jsonSchemaTransform,
    // The sections are known once every module has registered: the document is made after `ready`.
    transformObject: (document) =>
      "openapiObject" in document ? { ...document.openapiObject, tags: app.referenceSections } : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PATH,
    staticCSP: REFERENCE_CSP,
    uiConfig: { docExpansion: "none", deepLinking: true },
  });
}

/**
 * Makes the calling module plugin a section of the reference: each route it registers afterwards
 * gets the section's tag, and the document lists the section with its description.
 */
export function documentModule(app: FastifyInstance, section: ReferenceSection): void {
  app.referenceSections.push(section);
  app.addHook("onRoute", (routeOptions) => {
    routeOptions.schema = { ...routeOptions.schema, tags: [section.name] };
  });
}
