// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TrackingNumber } from "~/components/orders/TrackingNumber";

/** Issue 32: a part an API client sent without a tracking number says so where a number would be. */
describe("número de seguimiento de un envío", () => {
  afterEach(cleanup);

  it("muestra el número cuando lo hay", () => {
    const { container } = render(
      <p>
        Enviado el 28/11/2026
        <TrackingNumber value="CORREOS-99887766" />
      </p>,
    );
    expect(container.textContent).toBe("Enviado el 28/11/2026 · Número de seguimiento: CORREOS-99887766");
  });

  it("dice «sin número de seguimiento» cuando se envió sin él", () => {
    const { container } = render(
      <p>
        Enviado el 28/11/2026
        <TrackingNumber value={null} />
      </p>,
    );
    expect(container.textContent).toBe("Enviado el 28/11/2026 · sin número de seguimiento");
  });
});
