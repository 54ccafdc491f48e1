import { type RouteConfig, index, route } from "@remix-run/route-config";

/** SPEC.md section 2, one route module per screen. Later issues add their screens here. */
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("product/details/:slug", "routes/product-details.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("blog", "routes/blog.tsx"),
  route("policy", "routes/policy.tsx"),
  route("gift", "routes/gift.tsx"),
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("verify-email", "routes/verify-email.tsx"),
  route("resetpassword", "routes/reset-password.tsx"),
  route("changepassword/:id", "routes/change-password-with-token.tsx"),
  route("auth/google", "routes/auth/google.ts"),
  route("auth/google/callback", "routes/auth/google-callback.ts"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("edit-profile", "routes/dashboard/edit-profile.tsx"),
    route("change-password", "routes/dashboard/change-password.tsx"),
  ]),
  route("search-suggestions", "routes/search-suggestions.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
