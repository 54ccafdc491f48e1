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
  route("search-suggestions", "routes/search-suggestions.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
