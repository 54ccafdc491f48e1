import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../api/src/db/schema";
import type { BlogPostsAnswer } from "#contract/content";
import { insertBlogPost, insertImage, testImageUrl, useTestApi } from "./support";

describe("contenido", () => {
  const api = useTestApi();

  describe("GET /blog-posts", () => {
    let imageId: string;

    beforeAll(async () => {
      imageId = await insertImage(api.db, "Pista de pádel");
      await insertBlogPost(api.db, {
        slug: "elegir-pala",
        title: "Cómo elegir tu pala",
        imageId,
        publishedAt: new Date("2024-03-01T09:00:00.000Z"),
      });
      await insertBlogPost(api.db, {
        slug: "reglas-basicas",
        title: "Reglas básicas del pádel",
        publishedAt: new Date("2024-01-15T09:00:00.000Z"),
      });
      await insertBlogPost(api.db, {
        slug: "cuidar-zapatillas",
        title: "Cuida tus zapatillas",
        publishedAt: new Date("2024-02-10T09:00:00.000Z"),
      });
      await insertBlogPost(api.db, {
        slug: "programado",
        title: "Entrada programada",
        publishedAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      });
    });

    it("da las entradas publicadas, las más recientes primero", async () => {
      const response = await api.app.inject({ url: "/blog-posts" });
      expect(response.statusCode).toBe(200);
      const answer = response.json() as BlogPostsAnswer;
      expect(answer.totalPost).toBe(3);
      expect(answer.posts.map((post) => post.slug)).toEqual(["elegir-pala", "cuidar-zapatillas", "reglas-basicas"]);
      expect(answer.posts[0]).toEqual({
        _id: expect.any(String),
        slug: "elegir-pala",
        title: "Cómo elegir tu pala",
        excerpt: "Cómo elegir tu pala.",
        body: "Cómo elegir tu pala.\n\nSegundo párrafo.",
        author: "Redacción",
        image: imageId,
        imageUrl: testImageUrl(imageId),
        publishedAt: "2024-03-01T09:00:00.000Z",
      });
      expect(answer.posts[1]!.image).toBeNull();
    });

    it("pagina con page y parPage", async () => {
      const first = (await api.app.inject({ url: "/blog-posts?page=1&parPage=2" })).json() as BlogPostsAnswer;
      expect(first.posts.map((post) => post.slug)).toEqual(["elegir-pala", "cuidar-zapatillas"]);
      expect(first.totalPost).toBe(3);
      const second = (await api.app.inject({ url: "/blog-posts?page=2&parPage=2" })).json() as BlogPostsAnswer;
      expect(second.posts.map((post) => post.slug)).toEqual(["reglas-basicas"]);
      const beyond = (await api.app.inject({ url: "/blog-posts?page=3&parPage=2" })).json() as BlogPostsAnswer;
      expect(beyond).toEqual({ posts: [], totalPost: 3 });
    });

    it.each([
      ["page=0", "La página debe ser un número entero mayor o igual que 1."],
      ["page=uno", "La página debe ser un número entero mayor o igual que 1."],
      ["page=-2", "La página debe ser un número entero mayor o igual que 1."],
      ["parPage=0", "La cantidad por página debe ser un número entero entre 1 y 50."],
      ["parPage=51", "La cantidad por página debe ser un número entero entre 1 y 50."],
      ["parPage=2.5", "La cantidad por página debe ser un número entero entre 1 y 50."],
    ])("?%s responde 400 en español", async (query, message) => {
      const response = await api.app.inject({ url: `/blog-posts?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });
  });

  describe("POST /contact", () => {
    const valid = {
      name: "Lucía Pérez",
      email: "lucia@example.com",
      subject: "Consulta sobre palas",
      message: "¿Tienen la Vertex 04 en tienda física?",
    };

    const storedCount = async () => (await api.db.select({ total: count() }).from(contactMessages))[0]!.total;

    it("guarda el mensaje recortado y responde 201", async () => {
      const before = await storedCount();
      const response = await api.app.inject({
        method: "POST",
        url: "/contact",
        payload: {
          name: "  Lucía Pérez ",
          email: " lucia@example.com ",
          subject: " Consulta sobre palas ",
          message: "  ¿Tienen la Vertex 04 en tienda física?  ",
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: "Mensaje enviado. Te responderemos pronto." });
      expect(await storedCount()).toBe(before + 1);
      const stored = await api.db.select().from(contactMessages);
      expect(stored.at(-1)).toMatchObject(valid);
    });

    it.each([
      ["name", "L", "El nombre debe tener al menos 2 caracteres."],
      ["name", "   ", "El nombre debe tener al menos 2 caracteres."],
      ["name", "a".repeat(81), "El nombre no puede superar los 80 caracteres."],
      ["name", undefined, "Escribe tu nombre."],
      ["name", 42, "El nombre debe ser un texto."],
      ["email", "lucia", "Escribe un correo electrónico válido, por ejemplo nombre@dominio.com."],
      ["email", `${"a".repeat(250)}@example.com`, "El correo electrónico es demasiado largo."],
      ["email", undefined, "Escribe tu correo electrónico."],
      ["subject", "Ok", "El asunto debe tener al menos 3 caracteres."],
      ["subject", "a".repeat(121), "El asunto no puede superar los 120 caracteres."],
      ["subject", undefined, "Escribe el asunto."],
      ["message", "Hola     ", "El mensaje debe tener al menos 10 caracteres."],
      ["message", "a".repeat(2001), "El mensaje no puede superar los 2000 caracteres."],
      ["message", undefined, "Escribe tu mensaje."],
      ["message", ["Hola", "mundo"], "El mensaje debe ser un texto."],
    ])("%s = %j responde 400 y no guarda nada", async (field, value, message) => {
      const before = await storedCount();
      const response = await api.app.inject({ method: "POST", url: "/contact", payload: { ...valid, [field]: value } });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toBe(message);
      expect(body.errors).toContainEqual({ field, message });
      expect(await storedCount()).toBe(before);
    });

    it("sin cuerpo o con un cuerpo que no es un objeto responde 400", async () => {
      const before = await storedCount();
      const empty = await api.app.inject({ method: "POST", url: "/contact" });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe("Envía nombre, correo electrónico, asunto y mensaje.");
      const list = await api.app.inject({ method: "POST", url: "/contact", payload: [valid] });
      expect(list.statusCode).toBe(400);
      expect(list.json().message).toBe("Envía nombre, correo electrónico, asunto y mensaje.");
      const broken = await api.app.inject({
        method: "POST",
        url: "/contact",
        headers: { "content-type": "application/json" },
        payload: "{",
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe("Petición no válida.");
      expect(await storedCount()).toBe(before);
    });
  });
});
