import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { StylesheetProvider } from "./components/InlineStylesheet";
import { NonceProvider } from "./components/Nonce";
import { isApiUnavailable } from "./services/api.server";
import { documentBytes } from "./services/document-bytes.server";
import { webEnv } from "./services/env.server";
import { logError } from "./services/log.server";
import stylesheet from "./tailwind.css?inline";

/**
 * server.ts builds each request's load context and finishes its response through these, taken
 * from the Remix build itself: made by server.ts's own copy of the modules, the context's API
 * client would throw an ApiError class the routes' `instanceof` checks do not know.
 */
export { createRequestContext, finishResponse } from "./services/context.server";
export { withRequestId } from "./services/log.server";
export { sharedPage } from "./services/page-cache.server";
export { withRequestRegion } from "./services/times.server";

/** How long a render may take before it is cut short. */
const ABORT_DELAY_MS = 5_000;

/**
 * Every page is rendered whole before it is sent: no loader defers data, so there is nothing to
 * stream out of order, and crawlers and browsers get the same complete document.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={loadContext.cspNonce}>
        <StylesheetProvider css={stylesheet}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY_MS}
            nonce={loadContext.cspNonce}
          />
        </StylesheetProvider>
      </NonceProvider>,
      {
        onAllReady() {
          const body = documentBytes({ holdScriptsBack: webEnv.production });
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status: failed ? 500 : status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          failed = true;
          logError(`${request.method} ${new URL(request.url).pathname}: la página no se pudo dibujar`, error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}

/**
 * Errors of loaders, actions and rendering, with the request's id: the API logs its side of the
 * same request under that id (x-request-id). A request the browser abandoned is no error, nor is a
 * refusal Remix answers itself (a form posted to a page that receives none: 405). One caused by an
 * API that is down or overloaded marks the request, so its answer is a 503.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isApiUnavailable(error)) (context as AppLoadContext).apiUnavailable = true;
  logError(`${request.method} ${new URL(request.url).pathname}`, error);
};
