import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { EncodedImage } from "../../api/src/modules/media/service";
import { encodeOnce } from "../../api/src/seed/image-cache";

/** A picture as the seed would draw it, unique to this run so no earlier run's cache answers. */
function drawing() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>${randomUUID()}</title></svg>`;
}

function encoded(marker: number): EncodedImage {
  return {
    width: 400,
    height: 300,
    variants: [
      { width: 200, data: Buffer.from([marker, 1]) },
      { width: 400, data: Buffer.from([marker, 2]) },
    ],
  };
}

describe("las imágenes de demostración se codifican una vez por máquina", () => {
  it("la segunda vez se leen, con sus anchos y sus bytes, sin codificar de nuevo", async () => {
    const svg = drawing();
    let encodings = 0;
    const encode = async () => encoded(++encodings);
    const first = await encodeOnce(svg, [200, 400], encode);
    const second = await encodeOnce(svg, [200, 400], encode);
    expect(encodings).toBe(1);
    expect(second).toEqual(first);
  });

  it("otro dibujo u otros anchos se codifican aparte", async () => {
    const svg = drawing();
    let encodings = 0;
    const encode = async () => encoded(++encodings);
    await encodeOnce(svg, [200, 400], encode);
    await encodeOnce(svg, [200], encode);
    await encodeOnce(drawing(), [200, 400], encode);
    expect(encodings).toBe(3);
  });

  it("dos tiendas que arrancan a la vez obtienen la misma imagen entera", async () => {
    const svg = drawing();
    const [one, other] = await Promise.all([
      encodeOnce(svg, [200, 400], async () => encoded(7)),
      encodeOnce(svg, [200, 400], async () => encoded(7)),
    ]);
    expect(one).toEqual(other);
    expect(await encodeOnce(svg, [200, 400], async () => encoded(9))).toEqual(encoded(7));
  });
});
