import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_PIXELS } from "#contract/limits";
import { IMAGE_QUEUE_FULL, IMAGE_TOO_MANY_PIXELS } from "#contract/media";
import { ImageQueue, IMAGE_QUEUE_RETRY_AFTER_SECONDS } from "../../api/src/modules/media/queue";
import { useTestApi } from "../api/support";
import { signedInUser, type Customer } from "../api/orders-support";

/**
 * Issue 9, item 8: a 249 KB PNG of 64 megapixels cost 0.9 s of CPU and 165 MB to decode, and eight
 * at once took both cores. Images now stop at IMAGE_MAX_PIXELS (25 MP), read from the header before
 * any decoding, and are processed through a small bounded queue: one at a time by default, a few
 * waiting, any more refused at once with 503 and Retry-After.
 */
const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#1f5bd8" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe("seguridad: coste de las imágenes subidas", () => {
  // One image at a time and one waiting: two stand-ins fill the queue.
  const api = useTestApi({ config: { imageQueue: { concurrency: 1, waiting: 1 } } });
  let customer: Customer;

  beforeAll(async () => {
    customer = await signedInUser(api.db);
  });

  function upload(content: Buffer) {
    const boundary = `----limite${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return api.app.inject({
      method: "POST",
      url: "/user/profile/image/upload",
      headers: { ...customer.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  }

  it("una PNG pequeña de 64 megapíxeles se rechaza con 400 en español sin descomprimirla", async () => {
    const bomb = await solidPng(8000, 8000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await upload(bomb);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: IMAGE_TOO_MANY_PIXELS });
    // Only the header is read: the same image with its pixel data garbled (the first IDAT chunk's
    // bytes overwritten) gets the same answer, where decoding it would have failed as an invalid image.
    const garbled = Buffer.from(bomb);
    const idatAt = garbled.indexOf("IDAT", 8, "latin1") - 4;
    const idatLength = garbled.readUInt32BE(idatAt);
    garbled.fill(0x55, idatAt + 8 + 2, idatAt + 8 + idatLength);
    const headerOnly = await upload(garbled);
    expect(headerOnly.statusCode, headerOnly.body).toBe(400);
    expect(headerOnly.json()).toEqual({ message: IMAGE_TOO_MANY_PIXELS });
  });

  it("el límite está justo por encima de una foto de 24 megapíxeles (6000 × 4000)", async () => {
    expect(IMAGE_MAX_PIXELS).toBe(25_000_000);
    const justOver = await upload(await solidPng(5001, 5000));
    expect(justOver.statusCode).toBe(400);
    expect(justOver.json()).toEqual({ message: IMAGE_TOO_MANY_PIXELS });
    const camera = await upload(await solidPng(6000, 4000));
    expect(camera.statusCode, camera.body).toBe(200);
  });

  it("con la cola de imágenes llena, una subida responde 503 con Retry-After sin esperar; al vaciarse, vuelve a aceptarse", async () => {
    const first = deferred();
    const second = deferred();
    // Stand-ins for two uploads being decoded: one running (concurrency 1) and one waiting (waiting 1).
    const running = api.app.imageQueue.run(() => first.promise);
    const waiting = api.app.imageQueue.run(() => second.promise);
    try {
      const started = performance.now();
      const refused = await upload(await solidPng(400, 400));
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ message: IMAGE_QUEUE_FULL });
      expect(refused.headers["retry-after"]).toBe(String(IMAGE_QUEUE_RETRY_AFTER_SECONDS));
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      first.resolve();
      second.resolve();
      await Promise.all([running, waiting]);
    }
    expect((await upload(await solidPng(400, 400))).statusCode).toBe(200);
  });
});

describe("seguridad: la cola de imágenes", () => {
  it("procesa como mucho `concurrency` a la vez, en orden, deja esperar `waiting` y rechaza el resto con 503", async () => {
    const queue = new ImageQueue({ concurrency: 2, waiting: 2 });
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const tasks = gates.map((gate, index) =>
      queue.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(queue.full).toBe(true);
    await expect(queue.run(async () => "quinta")).rejects.toMatchObject({
      statusCode: 503,
      message: IMAGE_QUEUE_FULL,
      retryAfterSeconds: IMAGE_QUEUE_RETRY_AFTER_SECONDS,
    });

    gates[1]!.resolve();
    await tasks[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(queue.full).toBe(false);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3]);

    // A failing task frees its place too.
    await expect(queue.run(async () => Promise.reject(new Error("falla")))).rejects.toThrow("falla");
    expect(await Promise.all([queue.run(async () => "a"), queue.run(async () => "b")])).toEqual(["a", "b"]);
  });
});
