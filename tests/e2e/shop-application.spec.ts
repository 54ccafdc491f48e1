import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import sharp from "sharp";
import { rifCheckDigit } from "#contract/tax-ids";
import { apiSignIn, apiUrl, uniqueEmail } from "./support";
import { registerAndSignIn } from "./sessions";

/**
 * Issue 10, the customer's side of opening a shop, with JavaScript on and off: the application
 * (a renamed .exe refused with everything typed kept and nothing saved, a tax id checked for its
 * country), the waiting screen, the replacement of a document an admin asked to change, and the
 * approval that makes the user a seller without signing in again. The admin's decisions are made
 * through the API here; the admin screens have their own spec.
 */

const DEMO_ADMIN = { email: "admin@mercadopadel.test", password: "Demo-Padel-2026" };

const DOCUMENT_TYPE_REFUSED =
  "Solo se aceptan documentos PDF, JPG, PNG o WebP (se comprueba su contenido, no su nombre).";
const CHOOSE_FILES_AGAIN = "Por seguridad, vuelve a elegir los archivos.";
const ALL_TAX_IDS_LABEL = "Identificador fiscal (RIF; NIF o CIF; EIN)";

/** A small but real PDF, an executable's first bytes, and a PNG drawn here. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
);
const EXE = Buffer.concat([
  Buffer.from("MZ"),
  Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]),
  Buffer.alloc(502),
]);
const png = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: "#c6f432" } })
    .png()
    .toBuffer();

/** A RIF no other test uses: J, eight random digits and SENIAT's check digit. */
function newRif(): string {
  const digits = String(Math.floor(Math.random() * 100_000_000)).padStart(8, "0");
  return `J-${digits}-${rifCheckDigit("J", digits)}`;
}

async function api<T>(method: "GET" | "POST", path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${method} ${path} ${response.status}: ${answer.message}`);
  return answer;
}

interface SentDocument {
  _id: string;
  fileName: string;
  status: string;
}
interface SentRequest {
  userId: string;
  slug: string;
  status: string;
  documents: SentDocument[];
}

/** The user's request as the API holds it (null when nothing was saved). */
async function myRequest(email: string): Promise<SentRequest | null> {
  const user = await apiSignIn(email);
  return (await api<{ request: SentRequest | null }>("GET", "/shop/my-request", user.token)).request;
}

/** The demo admin's decisions, through the API (access tokens live seconds in these tests: one sign-in per call). */
async function asAdmin<T>(path: string, body: unknown): Promise<T> {
  const admin = await apiSignIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  return api<T>("POST", path, admin.token, body);
}

function accountMenu(page: Page) {
  return page.getByRole("navigation", { name: "Mi cuenta" });
}

const taxIdInput = (page: Page) => page.locator('input[name="rif"]');
const documentsInput = (page: Page) => page.getByLabel("Documentos de la tienda");

/** The message under a field, found through its aria-describedby like a screen reader would. */
async function errorOf(page: Page, field: ReturnType<Page["locator"]>) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby"))!.split(" ");
  return page.locator(`[id="${describedBy.find((id) => id.endsWith("-error"))}"]`);
}

interface ShopFields {
  shopName: string;
  country: "España" | "Estados Unidos" | "Venezuela";
  rif: string;
  province: string;
  city: string;
  address: string;
  phone: string;
}

async function fillApplication(page: Page, fields: ShopFields) {
  await page.getByLabel("Nombre de la tienda").fill(fields.shopName);
  await page.getByRole("radio", { name: fields.country }).check();
  await taxIdInput(page).fill(fields.rif);
  await page.getByLabel("Estado o provincia").fill(fields.province);
  await page.getByLabel("Ciudad").fill(fields.city);
  await page.getByLabel("Dirección").fill(fields.address);
  await page.getByLabel("Teléfono").fill(fields.phone);
}

async function expectFieldsKept(page: Page, fields: ShopFields) {
  await expect(page.getByLabel("Nombre de la tienda")).toHaveValue(fields.shopName);
  await expect(page.getByRole("radio", { name: fields.country })).toBeChecked();
  await expect(taxIdInput(page)).toHaveValue(fields.rif);
  await expect(page.getByLabel("Estado o provincia")).toHaveValue(fields.province);
  await expect(page.getByLabel("Ciudad")).toHaveValue(fields.city);
  await expect(page.getByLabel("Dirección")).toHaveValue(fields.address);
  await expect(page.getByLabel("Teléfono")).toHaveValue(fields.phone);
}

test.describe("abrir una tienda: el lado del cliente", () => {
  test("un cliente solicita su tienda: el .exe renombrado se rechaza sin guardar nada y con PDF y PNG espera la confirmación", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "tienda");
    await registerAndSignIn(page, { name: "Tomás Tendero", email, redirectTo: "/dashboard" });
    await expect(page.getByTestId("account-role")).toHaveText("Cliente");
    await accountMenu(page).getByRole("link", { name: "Abrir mi tienda" }).click();
    await expect(page).toHaveURL(/\/dashboard\/shop$/);
    await expect(page).toHaveTitle("Abrir mi tienda | Mercado Pádel");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abrir mi tienda");
    await expect(page.getByText("De 1 a 5 archivos PDF, JPG, PNG o WebP, de hasta 5 MB cada uno.")).toBeVisible();
    await expect(documentsInput(page)).toHaveAttribute("multiple", "");
    await expect(documentsInput(page)).toHaveAttribute(
      "accept",
      /application\/pdf.*image\/jpeg.*image\/png.*image\/webp/,
    );

    // Without JavaScript the tax id's label names all three; with it, the chosen country's.
    if (javaScriptEnabled) {
      await page.getByRole("radio", { name: "España" }).check();
      await expect(page.getByLabel("NIF o CIF", { exact: true })).toBeVisible();
      await page.getByRole("radio", { name: "Estados Unidos" }).check();
      await expect(page.getByLabel("EIN", { exact: true })).toBeVisible();
    } else {
      await expect(page.getByLabel(ALL_TAX_IDS_LABEL)).toBeVisible();
      await expect(page.getByText("Venezuela: RIF, una letra (J, V, E, G o P)")).toBeVisible();
      await expect(page.getByText("España: NIF o CIF")).toBeVisible();
      await expect(page.getByText("Estados Unidos: EIN")).toBeVisible();
    }

    // A Venezuelan RIF for a shop in Spain: Spain's message beside the tax id, everything kept.
    const fields: ShopFields = {
      shopName: `Pádel Ávila ${testInfo.project.name}`,
      country: "España",
      rif: newRif(),
      province: "Miranda",
      city: "Caracas",
      address: "Av. Principal de Los Palos Grandes, local 3",
      phone: "0212 285 4410",
    };
    await fillApplication(page, fields);
    await documentsInput(page).setInputFiles({ name: "registro.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(await errorOf(page, taxIdInput(page))).toHaveText(
      "Escribe un NIF o CIF válido, con su letra o dígito de control (por ejemplo B12345674).",
    );
    await expect(await errorOf(page, page.getByLabel("Teléfono"))).toHaveText(
      "Escribe un teléfono de España válido, por ejemplo +34 914 350 218.",
    );
    await expectFieldsKept(page, fields);
    if (javaScriptEnabled) await expect(page.getByLabel("NIF o CIF", { exact: true })).toBeVisible();

    // Venezuela now, with an executable renamed .pdf: the API reads its first bytes and refuses it.
    fields.country = "Venezuela";
    await page.getByRole("radio", { name: "Venezuela" }).check();
    if (javaScriptEnabled) await expect(page.getByLabel("RIF", { exact: true })).toBeVisible();
    await documentsInput(page).setInputFiles({ name: "estatutos.pdf", mimeType: "application/pdf", buffer: EXE });
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(await errorOf(page, documentsInput(page))).toHaveText(DOCUMENT_TYPE_REFUSED);
    await expect(page.getByText(CHOOSE_FILES_AGAIN)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/shop$/);
    await expectFieldsKept(page, fields);
    // The refused files are gone from the input, as the page says.
    expect(await documentsInput(page).evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    expect(await myRequest(email)).toBeNull();

    // A PDF and a PNG: sent, and the user waits for the confirmation.
    await documentsInput(page).setInputFiles([
      { name: "registro-mercantil.pdf", mimeType: "application/pdf", buffer: PDF },
      { name: "rif.png", mimeType: "image/png", buffer: await png() },
    ]);
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page).toHaveURL(/\/dashboard\/shop\/confirmation$/);
    await expect(page.getByText("Solicitud enviada. Te avisaremos cuando la revisemos.")).toBeVisible();
    await expect(page).toHaveTitle("Esperando Confirmación | Mercado Pádel");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Esperando Confirmación");
    await expect(page.getByText("Tu solicitud está en proceso. Espera la confirmación")).toBeVisible();
    await expect(page.getByTestId("shop-status")).toHaveText("Pendiente de revisión");
    await expect(page.getByTestId("shop-name")).toHaveText(fields.shopName);
    await expect(page.getByTestId("shop-tax-id")).toHaveText(fields.rif);
    await expect(page.getByTestId("shop-location")).toHaveText(
      "Av. Principal de Los Palos Grandes, local 3, Caracas, Miranda, Venezuela",
    );
    await expect(page.getByTestId("shop-phone")).toHaveText("+58 212 2854410");
    const documents = page.getByTestId("shop-document");
    await expect(documents).toHaveCount(2);
    await expect(documents.filter({ hasText: "registro-mercantil.pdf" })).toContainText("(PDF, ");
    await expect(documents.filter({ hasText: "rif.png" })).toContainText("(PNG, ");
    for (const status of await page.getByTestId("shop-document-status").all())
      await expect(status).toHaveText("Enviado, en revisión");
    await expect(accountMenu(page).getByRole("link", { name: "Mi tienda" })).toHaveAttribute(
      "href",
      "/dashboard/shop/confirmation",
    );
    await expect(accountMenu(page).getByRole("link", { name: "Abrir mi tienda" })).toHaveCount(0);

    // The documents are the user's to open, through the web; a visitor is sent to sign in.
    const saved = (await myRequest(email))!;
    expect(saved.status).toBe("pendiente");
    expect(saved.documents.map((document) => document.fileName).sort()).toEqual(["registro-mercantil.pdf", "rif.png"]);
    const registry = saved.documents.find((document) => document.fileName === "registro-mercantil.pdf")!;
    const link = page.getByRole("link", { name: "registro-mercantil.pdf" });
    await expect(link).toHaveAttribute("href", `/documentos-tienda/${registry._id}`);
    const opened = await page.request.get(`/documentos-tienda/${registry._id}`);
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toBe("application/pdf");
    expect(opened.headers()["cache-control"]).toBe("private, no-store");
    expect((await opened.body()).equals(PDF)).toBe(true);
    const anonymous = await fetch(new URL(`/documentos-tienda/${registry._id}`, page.url()), { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);

    // The form is for those who have not applied: it leads to the waiting screen now.
    await page.goto("/dashboard/shop");
    await expect(page).toHaveURL(/\/dashboard\/shop\/confirmation$/);
    if (!javaScriptEnabled) return;
    // axe runs as a script in the page.
    const { violations } = await new AxeBuilder({ page }).include("main").analyze();
    expect(
      violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => violation.id),
    ).toEqual([]);
  });

  test("el cliente reemplaza el documento que pidió el administrador y, aprobada la tienda, es vendedor sin volver a entrar", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "vendedor");
    const shopName = `Pala Brava ${testInfo.project.name} ${Date.now().toString(36)}`;
    await registerAndSignIn(page, { name: "Valeria Vende", email, redirectTo: "/dashboard" });

    // Applied (through the API, the form has its own test).
    const applicant = await apiSignIn(email);
    const application = new FormData();
    for (const [name, value] of Object.entries({
      shopName,
      rif: newRif(),
      country: "VE",
      province: "Zulia",
      city: "Maracaibo",
      address: "Calle 72 con Av. 3E, local 8",
      phone: "+58 261 7981234",
    })) {
      application.set(name, value);
    }
    application.append("documents", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "acta.pdf");
    application.append("documents", new Blob([new Uint8Array(await png())], { type: "image/png" }), "cedula.png");
    const { request } = await api<{ request: SentRequest }>(
      "POST",
      `/request-auth-shop/${applicant.userId}`,
      applicant.token,
      application,
    );
    const acta = request.documents.find((document) => document.fileName === "acta.pdf")!;
    const cedula = request.documents.find((document) => document.fileName === "cedula.png")!;

    // The admin asks to change the ID card's scan.
    await asAdmin(`/shop/request-changes/${applicant.userId}`, {
      documents: [{ documentId: cedula._id, note: "La foto está borrosa; envíela de nuevo." }],
    });
    await page.goto("/dashboard/shop/confirmation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Esperando Confirmación");
    await expect(page.getByTestId("shop-status")).toHaveText("Requiere cambios");
    const documents = page.getByTestId("shop-document");
    await expect(documents.filter({ hasText: "cedula.png" }).getByTestId("shop-document-status")).toHaveText(
      "Hay que reemplazarlo",
    );
    await expect(documents.filter({ hasText: "cedula.png" })).toContainText(
      "Nota del administrador: La foto está borrosa; envíela de nuevo.",
    );
    await expect(documents.filter({ hasText: "acta.pdf" }).getByTestId("shop-document-status")).not.toHaveText(
      "Hay que reemplazarlo",
    );

    // Only that document gets a new file; the old one stays as history.
    const replacement = page.getByLabel("Nuevo archivo para «cedula.png»");
    await expect(page.getByLabel("Nuevo archivo para «acta.pdf»")).toHaveCount(0);
    await replacement.setInputFiles({ name: "cedula-nitida.png", mimeType: "image/png", buffer: await png() });
    await page.getByRole("button", { name: "Enviar los cambios" }).click();
    await expect(page.getByText("Cambios enviados. Tu solicitud vuelve a revisión.")).toBeVisible();
    await expect(page.getByTestId("shop-status")).toHaveText("Pendiente de revisión");
    await expect(documents).toHaveCount(2);
    await expect(documents.filter({ hasText: "cedula-nitida.png" }).getByTestId("shop-document-status")).toHaveText(
      "Enviado, en revisión",
    );
    await expect(page.getByTestId("shop-document-history")).toHaveCount(1);
    await expect(page.getByTestId("shop-document-history")).toContainText("cedula.png");
    await expect(page.getByLabel("Nuevo archivo para «cedula.png»")).toHaveCount(0);
    expect((await myRequest(email))!.documents.map((document) => document.fileName).sort()).toEqual([
      acta.fileName,
      "cedula-nitida.png",
    ]);

    // The admin approves. With JavaScript the open page reads the news without reloading; without it, the next page shows it.
    if (javaScriptEnabled) {
      const connected = page.waitForResponse(
        (response) => response.url().endsWith("/live-notifications") && response.request().method() === "GET",
      );
      await page.reload();
      await connected;
      await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
    }
    await asAdmin(`/shop/approved/${applicant.userId}`, { approved: true });
    if (javaScriptEnabled) {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu tienda está aprobada");
      expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
    } else {
      await page.goto("/dashboard/shop/confirmation");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tu tienda está aprobada");
    }
    await expect(page.getByTestId("shop-status")).toHaveText("Aprobada");
    await expect(page.getByRole("link", { name: "Ver la página de mi tienda" })).toHaveAttribute(
      "href",
      `/tienda/${request.slug}`,
    );

    // The next page knows the seller, with the same session.
    await accountMenu(page).getByRole("link", { name: "Inicio" }).click();
    await expect(page.getByTestId("account-role")).toHaveText("Vendedor");
    await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Mi tienda «Pala Brava .*»: aprobada/ })).toBeVisible();

    // The shop is in the store.
    await page.goto("/dashboard/shop/confirmation");
    await page.getByRole("link", { name: "Ver la página de mi tienda" }).click();
    await expect(page).toHaveURL(new RegExp(`/tienda/${request.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shopName);
  });

  test("tras un rechazo el cliente ve el motivo y vuelve a solicitar con sus datos de antes, en 360 px", async ({
    page,
    javaScriptEnabled,
  }, testInfo) => {
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const email = uniqueEmail(testInfo, "rechazo");
    await registerAndSignIn(page, { name: "Rosa Rechazada", email, redirectTo: "/dashboard" });
    // A phone's width from here.
    await page.setViewportSize({ width: 360, height: 800 });
    // With JavaScript the open page reads the decision as it is made: the test waits for its
    // real-time connection first.
    const connected = javaScriptEnabled
      ? page.waitForResponse(
          (response) => response.url().endsWith("/live-notifications") && response.request().method() === "GET",
        )
      : null;
    await page.goto("/dashboard/shop");
    await connected;
    expect(await overflow(), "el formulario se desborda a lo ancho").toBeLessThanOrEqual(0);

    const applicant = await apiSignIn(email);
    const fields = {
      shopName: `Bandeja ${testInfo.project.name} ${Date.now().toString(36)}`,
      rif: newRif(),
      province: "Lara",
      city: "Barquisimeto",
      address: "Carrera 19 con calle 25, local 2",
    };
    const application = new FormData();
    for (const [name, value] of Object.entries({ ...fields, country: "VE", phone: "+58 251 2311234" }))
      application.set(name, value);
    application.append("documents", new Blob([new Uint8Array(PDF)], { type: "application/pdf" }), "acta.pdf");
    await api("POST", `/request-auth-shop/${applicant.userId}`, applicant.token, application);
    const reason = "Los documentos no son legibles.";
    await asAdmin(`/shop/approved/${applicant.userId}`, { approved: false, reason });
    // The form still open shows why.
    if (javaScriptEnabled) await expect(page.getByTestId("previous-rejection")).toContainText(`Motivo: ${reason}`);

    await page.goto("/dashboard/shop/confirmation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solicitud rechazada");
    await expect(page.getByTestId("shop-status")).toHaveText("Rechazada");
    await expect(page.getByTestId("shop-status-reason")).toHaveText(`Motivo: ${reason}`);
    await expect(page.getByTestId("shop-document")).toHaveCount(1);
    expect(await overflow(), "la confirmación se desborda a lo ancho").toBeLessThanOrEqual(0);

    // The form comes back with what was sent and why it was refused; the documents are new.
    await page.getByRole("link", { name: "Volver a solicitar mi tienda" }).click();
    await expect(page).toHaveURL(/\/dashboard\/shop$/);
    await expect(page.getByTestId("previous-rejection")).toContainText(`Motivo: ${reason}`);
    await expect(page.getByLabel("Nombre de la tienda")).toHaveValue(fields.shopName);
    await expect(page.getByRole("radio", { name: "Venezuela" })).toBeChecked();
    await expect(taxIdInput(page)).toHaveValue(fields.rif);
    await expect(page.getByLabel("Ciudad")).toHaveValue(fields.city);
    await expect(page.getByLabel("Teléfono")).toHaveValue("+58 251 2311234");
    await documentsInput(page).setInputFiles({ name: "acta-nitida.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(page).toHaveURL(/\/dashboard\/shop\/confirmation$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Esperando Confirmación");
    await expect(page.getByTestId("shop-status")).toHaveText("Pendiente de revisión");
    await expect(page.getByTestId("shop-document")).toHaveCount(1);
    await expect(page.getByTestId("shop-document")).toContainText("acta-nitida.pdf");
  });
});
