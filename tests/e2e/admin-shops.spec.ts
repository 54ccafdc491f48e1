import { expect, test, type Page, type TestInfo } from "./fixtures";
import sharp from "sharp";
import { PENDING_REQUEST } from "../../api/src/seed/shop-request";
import { ADMIN_EMAIL, apiSignIn, DEMO_PASSWORD, SHOPPER_PASSWORD, uniqueEmail } from "./support";
import {
  apiJson,
  expectNoSeriousAxeViolations,
  expectNoSidewaysScroll,
  newProjectPage,
  shopApplicationForm,
} from "./seller-support";
import { signIn } from "./sessions";

/**
 * Issue 10, the admin's side: the queue with its badge, a request's page with its documents, asking
 * for changes, approving, rejecting, a decision someone else took first, suspending and reactivating
 * a shop, and each decision in the audit log. Each project prepares applicants of its own through
 * the API, so the two never decide the same request. Who may enter the admin area is asked over
 * HTTP by tests/http/role-gates.spec.ts.
 */

const ALREADY_DECIDED = "Esta solicitud ya se decidió; recarga la página para ver su estado.";
const FIRST_REJECTION_REASON = "Los documentos no son legibles.";
/** «Pedir cambios» and the applicant's answer to it are checked on a phone's screen. */
const PHONE = { width: 360, height: 780 };

function adminMenu(page: Page) {
  return page.getByRole("navigation", { name: "Administración" });
}

/** The number on the menu's 'Solicitudes de tiendas' badge (0 when there is none). */
async function menuBadge(page: Page): Promise<number> {
  const badge = adminMenu(page)
    .getByRole("link", { name: /^Solicitudes de tiendas/ })
    .getByTestId("menu-badge");
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.innerText()).replace(/\D/g, ""));
}

// ---- Applicants, prepared through the API -------------------------------------------------------

interface AppliedDocument {
  _id: string;
  fileName: string;
  contentType: string;
}

interface Applicant {
  email: string;
  userId: string;
  shopId: string;
  shopName: string;
  documents: AppliedDocument[];
}

/** A one-page PDF, made here: what the API checks is the content, never the name. */
function pdfBytes(title: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${title}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets
    .map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`)
    .join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A small PNG, drawn here. */
function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 212, g: 245, b: 66 } } })
    .png()
    .toBuffer();
}

/** A new customer who applies for a shop in the USA with a PDF and a PNG, straight to the API. */
async function applyThroughApi(testInfo: TestInfo, label: string): Promise<Applicant> {
  const email = uniqueEmail(testInfo, `tienda-${label}`);
  await apiJson("/user/register", {
    method: "POST",
    body: JSON.stringify({ name: `Solicitante ${label}`, email, password: SHOPPER_PASSWORD }),
  });
  const { token, userId } = await apiSignIn(email);
  const suffix = Math.random().toString(36).slice(2, 7);
  const shopName = `Pádel ${label} ${testInfo.project.name} ${suffix}`;
  const form = shopApplicationForm(shopName);
  form.append(
    "documents",
    new Blob([new Uint8Array(pdfBytes(`Registro de ${shopName}`))], { type: "application/pdf" }),
    "registro-mercantil.pdf",
  );
  form.append("documents", new Blob([new Uint8Array(await pngBytes())], { type: "image/png" }), "fachada.png");
  const { request } = await apiJson<{ request: { _id: string; documents: AppliedDocument[] } }>(
    `/request-auth-shop/${userId}`,
    { method: "POST", body: form, token },
  );
  return { email, userId, shopId: request._id, shopName, documents: request.documents };
}

function documentNamed(applicant: Applicant, fileName: string): AppliedDocument {
  const document = applicant.documents.find((candidate) => candidate.fileName === fileName);
  if (!document) throw new Error(`sin documento ${fileName}`);
  return document;
}

// ---- The tests ----------------------------------------------------------------------------------

test.describe("administración de tiendas", () => {
  test("el administrador revisa la cola, pide cambios, aprueba, rechaza, suspende y reactiva, y lo encuentra todo en el registro", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(150_000);
    const approved = await applyThroughApi(testInfo, "Norte");
    const rejected = await applyThroughApi(testInfo, "Sur");
    const raced = await applyThroughApi(testInfo, "Este");

    // An admin's account is the admin area, its badge counting the requests that wait.
    await signIn(page, ADMIN_EMAIL);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Administración");
    const queueLink = adminMenu(page).getByRole("link", { name: /^Solicitudes de tiendas/ });
    await expect(queueLink).toBeVisible();
    // The seeded request and this test's three, at least (the other project adds its own).
    expect(await menuBadge(page)).toBeGreaterThanOrEqual(4);
    await expect(queueLink).toHaveAccessibleName(/^Solicitudes de tiendas ?: \d+ pendientes$/);
    for (const label of ["Tiendas", "Registro de auditoría"])
      await expect(adminMenu(page).getByRole("link", { name: label, exact: true })).toBeVisible();

    // The account's menu (its profile: /dashboard is the admin area for an admin) offers the way back in.
    await page.getByRole("link", { name: "← Mi cuenta" }).click();
    await expect(page).toHaveURL(/\/dashboard\/edit-profile$/);
    await page.getByRole("navigation", { name: "Mi cuenta" }).getByRole("link", { name: "Administración" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin$/);

    // The queue: the seeded request (a demo applicant) and this test's, each with its data.
    await queueLink.click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/shop-requests$/);
    await expect(queueLink).toHaveAttribute("aria-current", "page");
    const seededRow = page
      .getByTestId("shop-request-row")
      .filter({ has: page.getByRole("link", { name: PENDING_REQUEST.name, exact: true }) });
    await expect(seededRow).toBeVisible();
    await expect(seededRow.getByTestId("document-count")).toHaveText("2");
    const approvedRow = page.getByTestId("shop-request-row").filter({ hasText: approved.shopName });
    await expect(approvedRow.getByTestId("shop-status")).toHaveText("Pendiente de revisión");
    await expect(approvedRow.getByText("Estados Unidos")).toBeVisible();
    await expect(approvedRow.getByTestId("document-count")).toHaveText("2");
    await expect(approvedRow.getByText(`Solicitante Norte`)).toBeVisible();

    // The seeded request opens with its two documents, each readable by the admin.
    await seededRow.getByRole("link", { name: /^Revisar la solicitud/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/shop-requests\/[0-9a-f-]{36}$/);
    const seededDocuments = page.getByTestId("shop-document");
    await expect(seededDocuments).toHaveCount(2);
    for (const href of await seededDocuments
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      expect(href).toMatch(/^\/documentos-tienda\/[0-9a-f-]{36}$/);
      const file = await page.request.get(href!);
      expect(file.status(), href!).toBe(200);
      expect(file.headers()["content-type"]).toMatch(/^(application\/pdf|image\/(png|jpeg|webp))/);
    }

    // This test's first request: its data, the image shown, the PDF downloaded.
    await page.goto(`/dashboard/admin/shop-requests/${approved.userId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(approved.shopName);
    await expect(page.getByText("Identificador fiscal (EIN)")).toBeVisible();
    await expect(page.getByText("1200 Brickell Avenue, local 4")).toBeVisible();
    const png = documentNamed(approved, "fachada.png");
    const pdf = documentNamed(approved, "registro-mercantil.pdf");
    const image = page.getByRole("img", { name: "Documento fachada.png" });
    await expect(image).toHaveAttribute("src", `/documentos-tienda/${png._id}`);
    const imageFile = await page.request.get(`/documentos-tienda/${png._id}`);
    expect(imageFile.headers()["content-type"]).toBe("image/png");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar el PDF registro-mercantil.pdf" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("registro-mercantil.pdf");
    const pdfFile = await page.request.get(`/documentos-tienda/${pdf._id}`);
    expect(pdfFile.headers()["content-disposition"]).toMatch(/^attachment/);
    expect((await pdfFile.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await expect(page.getByText("Ningún documento se ha reemplazado todavía.")).toBeVisible();

    // Asking for changes, on a phone's screen: naming nothing is refused; a ticked document without
    // its note is refused beside the note, the ticks kept (the form's other rules:
    // tests/unit/admin-forms.test.ts). The admin names the phone too, with a note.
    const wide = page.viewportSize()!;
    await page.setViewportSize(PHONE);
    const changes = page.getByRole("form", { name: "Pedir cambios" });
    await changes.getByRole("button", { name: "Pedir los cambios" }).click();
    await expect(changes.getByText("Elige al menos un dato o un documento que haya que cambiar.")).toBeVisible();
    await changes.getByLabel("Pedir que corrija «Teléfono»").check();
    await changes.getByLabel("Qué debe corregir en «Teléfono» (opcional)").fill("Ese número no contesta.");
    await changes.getByLabel("Pedir que reemplace «registro-mercantil.pdf»").check();
    await changes.getByRole("button", { name: "Pedir los cambios" }).click();
    const note = changes.getByLabel("Qué debe cambiar en «registro-mercantil.pdf»");
    await expect(note).toHaveAttribute("aria-invalid", "true");
    await expect(changes.getByText("Di qué hay que cambiar en el documento.")).toBeVisible();
    await expect(changes.getByLabel("Pedir que reemplace «registro-mercantil.pdf»")).toBeChecked();
    await expect(changes.getByLabel("Pedir que corrija «Teléfono»")).toBeChecked();
    await expect(changes.getByLabel("Qué debe corregir en «Teléfono» (opcional)")).toHaveValue(
      "Ese número no contesta.",
    );
    await expectNoSidewaysScroll(page);
    await note.fill("El registro está cortado: envía todas las páginas.");
    await changes.getByRole("button", { name: "Pedir los cambios" }).click();
    await expect(page.getByText("Se pidieron cambios al solicitante.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }).locator("..").getByTestId("shop-status")).toHaveText(
      "Requiere cambios",
    );
    await expect(page.getByTestId("fields-to-fix")).toHaveText(
      "Datos por corregir: Teléfono (Ese número no contesta.).",
    );
    const pdfCard = page.getByTestId("shop-document").filter({ hasText: "registro-mercantil.pdf" });
    await expect(pdfCard.getByTestId("document-status")).toHaveText("Hay que reemplazarlo");
    await expect(pdfCard.getByText("El registro está cortado: envía todas las páginas.")).toBeVisible();
    await expect(
      page.getByTestId("shop-document").filter({ hasText: "fachada.png" }).getByTestId("document-status"),
    ).toHaveText("Aceptado");
    await expect(page.getByRole("form", { name: "Aprobar" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // The applicant, on their phone, fixes exactly what was named in one form: the phone (filled
    // with what they sent, the admin's note beside it) and the document. A phone of another country
    // is refused next to it, what they typed kept.
    const applicantPage = await newProjectPage(browser, testInfo);
    await applicantPage.setViewportSize(PHONE);
    await signIn(applicantPage, approved.email, SHOPPER_PASSWORD);
    await applicantPage.goto("/dashboard/shop/confirmation");
    await expect(applicantPage.getByTestId("shop-status")).toHaveText("Requiere cambios");
    const resend = applicantPage.getByRole("form", { name: "Corregir y enviar de nuevo" });
    const phone = resend.getByLabel("Teléfono");
    await expect(phone).toHaveValue("+1 212 555 0123");
    await expect(resend.getByText("Nota del administrador: Ese número no contesta.")).toBeVisible();
    // Only what was named: no other datum of the application is open.
    await expect(resend.getByLabel("Nombre de la tienda")).toHaveCount(0);
    await expect(resend.getByLabel("EIN")).toHaveCount(0);
    const newFile = resend.getByLabel("Nuevo archivo para «registro-mercantil.pdf»");
    const completeRegistry = {
      name: "registro-completo.pdf",
      mimeType: "application/pdf",
      buffer: pdfBytes("Registro completo"),
    };
    await expect(resend.getByText(/Nota del administrador: El registro está cortado/)).toBeVisible();
    await phone.fill("+34 914 350 218");
    await newFile.setInputFiles(completeRegistry);
    await resend.getByRole("button", { name: "Enviar los cambios" }).click();
    await expect(
      resend.getByText("Escribe un teléfono de Estados Unidos válido, por ejemplo +1 212 555 0123."),
    ).toBeVisible();
    await expect(phone).toHaveValue("+34 914 350 218");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expectNoSidewaysScroll(applicantPage);
    await expectNoSeriousAxeViolations(applicantPage, javaScriptEnabled);
    await phone.fill("+1 305 555 0142");
    // A refused submission sent no file back: it is chosen again (without JavaScript the browser never kept it).
    await newFile.setInputFiles(completeRegistry);
    await resend.getByRole("button", { name: "Enviar los cambios" }).click();
    await expect(applicantPage.getByText("Cambios enviados. Tu solicitud vuelve a revisión.")).toBeVisible();
    await expect(applicantPage.getByTestId("shop-status")).toHaveText("Pendiente de revisión");
    await expect(applicantPage.getByTestId("shop-phone")).toHaveText("+1 305 555 0142");
    await expect(resend).toHaveCount(0);
    await applicantPage.context().close();

    // The request is back in the queue, the old file in the history and the phone's earlier version kept.
    const liveBeforeApproval = javaScriptEnabled
      ? page.waitForResponse(
          (response) => response.url().endsWith("/live-notifications") && response.request().method() === "GET",
        )
      : null;
    await page.goto(`/dashboard/admin/shop-requests/${approved.userId}`);
    await liveBeforeApproval;
    await expect(page.getByRole("heading", { level: 1 }).locator("..").getByTestId("shop-status")).toHaveText(
      "Pendiente de revisión",
    );
    await expect(page.getByTestId("shop-document").filter({ hasText: "registro-completo.pdf" })).toBeVisible();
    const history = page.getByTestId("document-history").getByTestId("shop-document");
    await expect(history).toHaveCount(1);
    await expect(history.getByRole("heading", { name: "registro-mercantil.pdf" })).toBeVisible();
    await expect(history).toContainText("El registro está cortado: envía todas las páginas.");
    await expect(history.getByTestId("document-status")).toHaveText("Reemplazado");
    await expect(history.getByRole("link", { name: "Descargar el PDF registro-mercantil.pdf" })).toHaveAttribute(
      "href",
      `/documentos-tienda/${pdf._id}`,
    );
    const version = page.getByTestId("request-version");
    await expect(version).toHaveCount(1);
    await expect(version.getByRole("heading")).toContainText("Versión anterior");
    await expect(version).toContainText("Antes: +1 212 555 0123");
    await expect(version).toContainText("Ahora: +1 305 555 0142");
    await expect(version).toContainText("Nota para el solicitante: Ese número no contesta.");
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page, javaScriptEnabled);
    await page.setViewportSize(wide);

    // Approving. With JavaScript a request arriving meanwhile makes the page read its data again; the
    // message stays for the page it belongs to (the session gives it only once).
    let dataLoads = 0;
    page.on("response", (response) => {
      if (response.request().method() === "GET" && new URL(response.url()).pathname.endsWith(".data")) dataLoads += 1;
    });
    await page.getByRole("form", { name: "Aprobar" }).getByRole("button", { name: "Aprobar la tienda" }).click();
    await expect(page.getByText("Tienda aprobada.")).toBeVisible();
    if (javaScriptEnabled) {
      const loadsBefore = dataLoads;
      await applyThroughApi(testInfo, "Poniente");
      await expect.poll(() => dataLoads).toBeGreaterThan(loadsBefore);
      await expect(page.getByText("Tienda aprobada.")).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 1 }).locator("..").getByTestId("shop-status")).toHaveText(
      "Aprobada",
    );
    await expect(page.getByRole("form", { name: "Aprobar" })).toHaveCount(0);

    // Rejecting: 'Otro motivo' needs its words; a ready reason does.
    await page.goto(`/dashboard/admin/shop-requests/${rejected.userId}`);
    const reject = page.getByRole("form", { name: "Rechazar" });
    await reject.getByLabel("Otro motivo (escríbelo abajo)").check();
    await reject.getByRole("button", { name: "Rechazar la solicitud" }).click();
    await expect(reject.getByLabel("Otro motivo", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(reject.getByText("Escribe el motivo del rechazo.")).toBeVisible();
    await reject.getByLabel(FIRST_REJECTION_REASON).check();
    await reject.getByRole("button", { name: "Rechazar la solicitud" }).click();
    await expect(page.getByText("Solicitud rechazada.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }).locator("..").getByTestId("shop-status")).toHaveText(
      "Rechazada",
    );
    await expect(page.getByTestId("status-reason")).toHaveText(`Motivo: ${FIRST_REJECTION_REASON}`);

    // Another admin decides first. With JavaScript the open page follows that decision live (its
    // real-time connection is up first, so the event cannot be missed); without it, the second
    // decision is refused in words. Either way the page then shows the first.
    const connected = javaScriptEnabled
      ? page.waitForResponse(
          (response) => response.url().endsWith("/live-notifications") && response.request().method() === "GET",
        )
      : null;
    await page.goto(`/dashboard/admin/shop-requests/${raced.userId}`);
    await connected;
    await expect(page.getByRole("form", { name: "Aprobar" })).toBeVisible();
    const otherAdmin = await apiSignIn(ADMIN_EMAIL, DEMO_PASSWORD);
    await apiJson(`/shop/approved/${raced.userId}`, {
      method: "POST",
      body: JSON.stringify({ approved: false, reason: "Decidida por otro administrador." }),
      token: otherAdmin.token,
    });
    if (javaScriptEnabled) {
      await expect(page.getByRole("form", { name: "Aprobar" })).toHaveCount(0);
    } else {
      await page.getByRole("form", { name: "Aprobar" }).getByRole("button", { name: "Aprobar la tienda" }).click();
      await expect(page.getByRole("alert").filter({ hasText: ALREADY_DECIDED })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 1 }).locator("..").getByTestId("shop-status")).toHaveText(
      "Rechazada",
    );
    await expect(page.getByTestId("status-reason")).toHaveText("Motivo: Decidida por otro administrador.");

    // Shops: the approved one found by status and name, suspended with a reason of its own, reactivated.
    await adminMenu(page).getByRole("link", { name: "Tiendas", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/shops$/);
    await page.getByLabel("Estado de la tienda", { exact: true }).selectOption("aprobada");
    await page.getByLabel("Nombre de la tienda").fill(approved.shopName);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/shops\?status=aprobada&searchValue=/);
    const shopRow = page.getByTestId("shop-row");
    await expect(shopRow).toHaveCount(1);
    await expect(shopRow.getByRole("link", { name: approved.shopName, exact: true })).toHaveAttribute(
      "href",
      `/dashboard/admin/shop-requests/${approved.userId}`,
    );
    await expect(shopRow.getByTestId("shop-status")).toHaveText("Aprobada");
    await shopRow.getByText("Suspender la tienda…").click();
    const suspend = page.getByRole("form", { name: `Suspender ${approved.shopName}` });
    await suspend.getByLabel("Otro motivo (escríbelo abajo)").check();
    await suspend.getByRole("button", { name: /^Suspender/ }).click();
    await expect(suspend.getByText("Escribe el motivo de la suspensión.")).toBeVisible();
    await suspend.getByLabel("Otro motivo", { exact: true }).fill("Revisión de calidad pendiente.");
    await suspend.getByRole("button", { name: /^Suspender/ }).click();
    await expect(page.getByText("Tienda suspendida.")).toBeVisible();
    // Back on the same list: filters kept, so the suspended shop is no longer among the approved.
    await expect(page).toHaveURL(/\/dashboard\/admin\/shops\?status=aprobada&searchValue=/);
    await expect(page.getByTestId("shop-row")).toHaveCount(0);
    await page.getByLabel("Estado de la tienda", { exact: true }).selectOption("suspendida");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(shopRow).toHaveCount(1);
    await expect(shopRow.getByTestId("shop-status")).toHaveText("Suspendida");
    await expect(shopRow.getByText("Motivo: Revisión de calidad pendiente.")).toBeVisible();
    await shopRow.getByRole("button", { name: `Reactivar ${approved.shopName}` }).click();
    await expect(page.getByText("Tienda reactivada.")).toBeVisible();
    await expect(page.getByTestId("shop-row")).toHaveCount(0);

    // The audit log: each decision, who took it, on which record, before and after, and why.
    await adminMenu(page).getByRole("link", { name: "Registro de auditoría" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/audit$/);
    await page.getByLabel("Registro (identificador)").fill("no-es-un-id");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page.getByLabel("Registro (identificador)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("El registro no es válido.")).toBeVisible();
    await page.getByLabel("Registro (identificador)").fill(approved.shopId);
    await page.getByRole("button", { name: "Filtrar" }).click();
    const entries = page.getByTestId("audit-entry");
    await expect(entries).toHaveCount(5);
    await expect(page.getByTestId("audit-count")).toHaveText(/^5 entradas con estos filtros\./);
    const admin = "Administración Mercado Pádel";
    const expected = [
      [admin, "Reactivó una tienda", "Estado: Suspendida → pasó a Aprobada", null],
      [admin, "Suspendió una tienda", "Estado: Aprobada → pasó a Suspendida", "Revisión de calidad pendiente."],
      [admin, "Aprobó una tienda", "Estado: Pendiente de revisión → pasó a Aprobada", null],
      [
        "Solicitante Norte",
        "Reenvió una solicitud de tienda con los cambios pedidos",
        "Estado: Requiere cambios → pasó a Pendiente de revisión",
        null,
      ],
      [admin, "Pidió cambios en una solicitud", "Estado: Pendiente de revisión → pasó a Requiere cambios", null],
    ] as const;
    for (const [index, [actor, action, change, reason]] of expected.entries()) {
      const entry = entries.nth(index);
      await expect(entry.getByRole("heading")).toHaveText(`${actor}: ${action}`);
      // jsonb keeps its own order of keys: each change is looked for, not its place.
      await expect(entry.getByTestId("audit-change").filter({ hasText: change })).toHaveText(change);
      await expect(entry.getByRole("link", { name: approved.shopName, exact: true })).toHaveAttribute(
        "href",
        `/dashboard/admin/shop-requests/${approved.userId}`,
      );
      await expect(entry.locator("time")).toHaveText(/ de \d{4} a las \d{2}:\d{2}, hora de Madrid$/);
      if (reason) await expect(entry.getByTestId("audit-reason")).toHaveText(reason);
    }
    await expect(entries.nth(3).getByTestId("audit-change").filter({ hasText: "Teléfono:" })).toHaveText(
      "Teléfono: +1 212 555 0123 → pasó a +1 305 555 0142",
    );
    await expect(entries.nth(4).getByText("Teléfono, Nota: Ese número no contesta.")).toBeVisible();
    await expect(
      entries.nth(4).getByText("registro-mercantil.pdf, Nota: El registro está cortado: envía todas las páginas."),
    ).toBeVisible();

    // By kind and admin: the rejection, with its reason and a way to its request.
    await page.goto("/dashboard/admin/audit");
    await page.getByLabel("Acción").selectOption("tienda.rechazar");
    await page.getByLabel("Autor").selectOption({ label: "Administración Mercado Pádel (admin@mercadopadel.test)" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/action=tienda.rechazar/);
    const rejection = page
      .getByTestId("audit-entry")
      .filter({ has: page.getByRole("link", { name: rejected.shopName, exact: true }) });
    await expect(rejection).toHaveCount(1);
    await expect(rejection.getByTestId("audit-reason")).toHaveText(FIRST_REJECTION_REASON);
    await expect(page.getByTestId("audit-entry").filter({ hasNotText: "Rechazó una solicitud de tienda" })).toHaveCount(
      0,
    );
    await rejection.getByRole("link", { name: rejected.shopName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/admin/shop-requests/${rejected.userId}$`));

    if (javaScriptEnabled) {
      // Live: a request that arrives while the admin looks moves the badge without a reload.
      const connected = new Promise<void>((resolve) => {
        page.on("websocket", (socket) => {
          // Connected: the namespace's welcome over the socket ("40…"), or the upgrade's probe once it came over polling.
          if (socket.url().includes("/socket.io/"))
            socket.on(
              "framereceived",
              ({ payload }) => (String(payload).startsWith("40") || String(payload) === "3probe") && resolve(),
            );
        });
      });
      await page.goto("/dashboard/admin");
      await connected;
      const before = await menuBadge(page);
      await page.evaluate(() => ((window as unknown as { __sinRecargar: boolean }).__sinRecargar = true));
      await applyThroughApi(testInfo, "Oeste");
      await expect.poll(() => menuBadge(page), { timeout: 10_000 }).toBeGreaterThan(before);
      expect(await page.evaluate(() => (window as unknown as { __sinRecargar?: boolean }).__sinRecargar)).toBe(true);
    }
  });
});
