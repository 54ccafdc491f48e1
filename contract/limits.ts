/**
 * The store's limits, one place for both halves: the API refuses past them and the web's forms say
 * so before sending. Money is integer cents (USD).
 */

// ---- Accounts -----------------------------------------------------------------------------------
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A password typed to sign in or to confirm a change is only compared; past this it cannot be ours. */
export const TYPED_PASSWORD_MAX_LENGTH = 1024;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 80;
/** A phone: 7 to 20 characters of digits, spaces, +, - and parentheses. */
export const PHONE_MIN_LENGTH = 7;
export const PHONE_MAX_LENGTH = 20;
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Most pixels an uploaded image may have (docs/api/limits.md, "Images"): 25 megapixels takes a 24 MP camera's
 * photo (6000 × 4000) and anything a phone saves by default; the store keeps 800 px at most. Decoding
 * costs by pixels, not bytes, so this, not the file size, bounds an upload's time and memory.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
/** The profile's delivery address: street line, then city, province and area, then post code. */
export const ADDRESS_LINE_MAX_LENGTH = 160;
export const ADDRESS_FIELD_MAX_LENGTH = 80;
export const POST_CODE_MAX_LENGTH = 12;
/** E-mailed tokens (verification, reset) are 43 characters; anything far longer is not one of ours. */
export const EMAILED_TOKEN_MAX_LENGTH = 200;

// ---- Content (blog, contact) --------------------------------------------------------------------
/** GET /blog-posts without parPage. */
export const DEFAULT_BLOG_POSTS_PER_PAGE = 6;
export const MAX_BLOG_POSTS_PER_PAGE = 50;
export const CONTACT_SUBJECT_MIN_LENGTH = 3;
export const CONTACT_SUBJECT_MAX_LENGTH = 120;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

// ---- Catalogue and lists ------------------------------------------------------------------------
/** Deepest page any list serves; keeps OFFSET inside PostgreSQL's bigint whatever the page size. */
export const MAX_PAGE = 100_000;
/** Upper bound of any price filter: 1.000.000 USD, well inside PostgreSQL's integer. */
export const MAX_PRICE_CENTS = 100_000_000;
export const SEARCH_MAX_LENGTH = 100;
/** Products per page of a listing: a full grid of three or four columns. */
export const PRODUCTS_PER_PAGE = 12;
export const MAX_PRODUCTS_PER_PAGE = 48;
/** Most units of one product and size a single add-to-cart call may ask for. */
export const MAX_ADD_QUANTITY = 99;
export const SIZE_MAX_LENGTH = 20;
/** At most this many products side by side on /my-compare. */
export const COMPARE_LIMIT = 4;
/** GET /category-get: categories a page by default, and the most one page may ask for. */
export const CATEGORIES_PER_PAGE = 12;
export const MAX_CATEGORIES_PER_PAGE = 100;
/** Longest category slug a product query may filter by. */
export const CATEGORY_FILTER_MAX_LENGTH = 200;
/** Longest colour or tag a product query may filter by. */
export const FILTER_VALUE_MAX_LENGTH = 100;

// ---- Orders, offers, coupons --------------------------------------------------------------------
/** Most cart lines one order may take. */
export const MAX_ORDER_LINES = 100;
export const CUSTOMER_ORDERS_PER_PAGE = 10;
export const MAX_ORDERS_PER_PAGE = 50;
/** Longest search of the admin's order list. */
export const ADMIN_ORDER_SEARCH_MAX = 120;
/** The admin's user search (name or e-mail): as long as the orders' one. */
export const ADMIN_USER_SEARCH_MAX = ADMIN_ORDER_SEARCH_MAX;
/** Highest offer accepted: far above any order, only a guard against absurd input. */
export const MAX_OFFER_CENTS = 100_000_000;
/** Coupon and voucher codes are short words; a longer one cannot exist. */
export const CODE_MAX_LENGTH = 40;
/** The checkout's shipping form: the street line and the post code (province, city, area: ADDRESS_FIELD_MAX_LENGTH). */
export const SHIPPING_ADDRESS_MIN_LENGTH = 5;
export const SHIPPING_ADDRESS_MAX_LENGTH = 200;
export const SHIPPING_POST_CODE_MAX_LENGTH = 10;
/** A carrier's tracking number: carriers use 8 to 30 letters and digits; spaces and dashes as they print them. */
export const TRACKING_NUMBER_MIN_LENGTH = 6;
export const TRACKING_NUMBER_MAX_LENGTH = 40;
/** Days after a part's delivery in which its customer may ask to return lines of it (Spain's right of withdrawal). */
export const RETURN_WINDOW_DAYS = 14;
/**
 * Days a seller has to answer a return request (and, once accepted, to mark it received) before an
 * admin may do it in their place: the default of the API's RETURN_SELLER_ANSWER_DAYS setting.
 */
export const RETURN_SELLER_ANSWER_DAYS = 3;
/** The customer's reason, the seller's return instructions and a refusal's reason: at most this many characters. */
export const RETURN_TEXT_MAX_LENGTH = 1000;

// ---- Reviews ------------------------------------------------------------------------------------
export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 2000;
/** A shop's reply to a review (issue 34). */
export const REVIEW_REPLY_MIN_LENGTH = 2;
export const REVIEW_REPLY_MAX_LENGTH = 1000;
export const REVIEWS_PER_PAGE = 5;
export const MAX_REVIEWS_PER_PAGE = 50;

// ---- Notifications ------------------------------------------------------------------------------
/** SPEC.md section 9: the notifications screen shows 5 a page. */
export const NOTIFICATIONS_PER_PAGE = 5;
/** Most notifications one page answers: the screen shows 5 a page, the bell its latest few. */
export const MAX_NOTIFICATIONS_PER_PAGE = 50;
/** Most notifications the unpaged list answers (SPEC.md: "a list of notifications"), newest first. */
export const FULL_NOTIFICATION_LIST = 500;

/** A seller's orders download: at most a year and a day at once, a season's books, never the whole history. */
export const ORDERS_EXPORT_MAX_DAYS = 366;

/** A catalogue CSV brought back (issue 34, decision 0054): its largest file and most product rows. */
export const PRODUCT_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 5_000;
