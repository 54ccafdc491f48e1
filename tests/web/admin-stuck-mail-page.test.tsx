// @vitest-environment jsdom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import AdminStuckMail from "~/routes/dashboard/admin/stuck-mail";

/**
 * Issue 33: the admin's «Correos atascados» page shows, for each mail the worker could not send, who
 * it is for, its kind, subject, attempts, last error and next attempt, with «Reintentar ahora» posting
 * its id. Drawn by React in jsdom from the loader's data.
 */

const PATH = "/dashboard/admin/stuck-mail";
const MAIL_ID = "55555555-5555-4555-8555-555555555555";

function renderPage(mails: unknown[]) {
  const Stub = createRemixStub([
    {
      path: PATH,
      Component: AdminStuckMail,
      loader: () => ({ stuckAfterAttempts: 8, mails, constraints: { retry: {} } }),
    },
  ]);
  return render(<Stub initialEntries={[PATH]} />);
}

afterEach(cleanup);

describe("la página de correos atascados, sin navegador", () => {
  it("sin correos atascados, lo dice", async () => {
    renderPage([]);
    expect(await screen.findByText("No hay correos atascados.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reintentar ahora" })).toBeNull();
  });

  it("muestra cada correo con su error y su botón «Reintentar ahora»", async () => {
    renderPage([
      {
        id: MAIL_ID,
        to: "cliente@example.com",
        kind: "part-shipped",
        kindLabel: "Envío de tu pedido",
        subject: "Tu pedido va en camino",
        attempts: 9,
        lastError: "connect ECONNREFUSED 127.0.0.1:2525",
        nextAttemptAt: "2026-11-29T06:00:00.000Z",
        nextAttemptOn: "29 de noviembre de 2026, 07:00",
        createdAt: "2026-11-28T10:00:00.000Z",
        createdOn: "28 de noviembre de 2026, 11:00",
      },
    ]);
    const card = await screen.findByRole("listitem", { name: "Tu pedido va en camino" });
    expect(card.textContent).toContain("cliente@example.com");
    expect(card.textContent).toContain("Envío de tu pedido");
    expect(card.textContent).toContain("9");
    expect(card.textContent).toContain("connect ECONNREFUSED 127.0.0.1:2525");
    expect(card.textContent).toContain("29 de noviembre de 2026, 07:00");
    const button = within(card).getByRole("button", { name: "Reintentar ahora" });
    expect(button.getAttribute("value")).toBe("reintentar");
    const form = button.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect((form.querySelector('input[name="mailId"]') as HTMLInputElement).value).toBe(MAIL_ID);
    expect(screen.getByText(/tras 8 intentos/)).toBeTruthy();
  });
});
