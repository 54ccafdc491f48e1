import type { FastifyInstance } from "fastify";
import { reviewEndpoints as endpoints } from "#contract/reviews";
import type { Db } from "../../db/client.js";
import { route } from "../../route.js";
import { currentUser } from "../accounts/auth.js";
import { myReview, productReviews, submitReview } from "./service.js";

/** Product reviews (SPEC.md section 7): anyone reads them, paid buyers write one each. */
export async function reviewRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  route(app, endpoints.submit, { onRequest: app.authenticate, rateLimit: "review" }, async (request, reply) => {
    const { created, answer } = await submitReview(db, currentUser(request).id, request.body);
    reply.status(created ? 201 : 200);
    return answer;
  });

  route(app, endpoints.list, (request) => productReviews(db, request.params.productId.toLowerCase(), request.query));

  route(app, endpoints.mine, { onRequest: app.authenticate }, (request) =>
    myReview(db, request.params.productId.toLowerCase(), currentUser(request).id),
  );
}
