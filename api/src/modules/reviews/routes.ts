import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { currentUser } from "../accounts/auth.js";
import {
  productReviewsParams,
  reviewsPageQuery,
  submitReviewBody,
  type MyReviewAnswer,
  type ReviewsAnswer,
  type ReviewSubmittedAnswer,
} from "./schemas.js";
import { myReview, productReviews, submitReview } from "./service.js";

/** Product reviews (SPEC.md section 7): anyone reads them, paid buyers write one each. */
export async function reviewRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    "/home/customer/submit-review",
    { onRequest: app.authenticate, schema: { body: submitReviewBody } },
    async (request, reply): Promise<ReviewSubmittedAnswer> => {
      const { created, answer } = await submitReview(db, currentUser(request).id, request.body);
      reply.status(created ? 201 : 200);
      return answer;
    },
  );

  routes.get(
    "/home/customer/get-reviews/:productId",
    { schema: { params: productReviewsParams, querystring: reviewsPageQuery } },
    (request): Promise<ReviewsAnswer> => productReviews(db, request.params.productId.toLowerCase(), request.query),
  );

  routes.get(
    "/home/customer/my-review/:productId",
    { onRequest: app.authenticate, schema: { params: productReviewsParams } },
    (request): Promise<MyReviewAnswer> => myReview(db, request.params.productId.toLowerCase(), currentUser(request).id),
  );
}
