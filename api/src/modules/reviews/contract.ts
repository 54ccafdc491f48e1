/** Answer shapes of the review calls (SPEC.md section 7, "Review"), shared by the API and the web. */
export interface Review {
  _id: string;
  /** The reviewer's name. */
  name: string;
  /** 1 to 5 stars. */
  rating: number;
  /** As the reviewer wrote it: plain text, never HTML. */
  text: string;
  /** When it was first written, ISO 8601. */
  date: string;
  /** The reviewer has a paid order with this product. */
  verifiedPurchase: boolean;
}

export interface RatingCount {
  rating: number;
  sum: number;
}

export interface ReviewsAnswer {
  /** Newest first. */
  reviews: Review[];
  totalReview: number;
  /** How many reviews give each number of stars, 5 down to 1. */
  rating_review: RatingCount[];
  pageNo: number;
  perPage: number;
}

/** What the signed-in user may do on a product's reviews: write one (paid buyers only), and the one they wrote. */
export interface MyReviewAnswer {
  canReview: boolean;
  review: { rating: number; text: string } | null;
}

export interface ReviewSubmittedAnswer {
  message: string;
  /** The product's new average rating. */
  rating: number;
}
