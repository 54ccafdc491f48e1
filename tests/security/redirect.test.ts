import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/services/redirect.server";

/** Issue 9, item 1: every form a browser would follow off the site, and what stays on it. */
describe("safeRedirect", () => {
  const leaving = [
    "/\t/evil.example",
    "/\u000b/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    " /evil",
    "\t//evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "",
    null,
    undefined,
  ];

  it.each(leaving)("rechaza %j", (target) => {
    expect(safeRedirect(target, "/dashboard")).toBe("/dashboard");
  });

  it("conserva una ruta de la tienda, su consulta y su fragmento", () => {
    expect(safeRedirect("/products?category=palas&sortPrice=low-to-high#lista", "/")).toBe(
      "/products?category=palas&sortPrice=low-to-high#lista",
    );
    expect(safeRedirect("/dashboard/order/details/123", "/")).toBe("/dashboard/order/details/123");
    // Encoded characters stay encoded: a browser does not decode %2F or %5C into a new authority.
    expect(safeRedirect("/%2F%2Fevil.example", "/")).toBe("/%2F%2Fevil.example");
  });
});
