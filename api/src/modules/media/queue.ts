import type { FastifyInstance } from "fastify";
import { IMAGE_QUEUE_FULL } from "#contract/media";
import type { ImageQueueSettings } from "../../config.js";
import { HttpError } from "../../http-error.js";

/** Seconds a refused upload is told to wait: a place frees up every few hundred milliseconds. */
export const IMAGE_QUEUE_RETRY_AFTER_SECONDS = 5;

/**
 * A small bounded queue for image processing (README, "Images"): at most `concurrency` images are
 * decoded at once and `waiting` more wait their turn, in order; one more is refused at once with 503
 * and Retry-After. Decoding is the costliest work the API does, so a burst of uploads takes at most
 * `concurrency` threads and a few buffers, and everything else keeps the CPU.
 */
export class ImageQueue {
  private running = 0;
  private readonly queued: (() => void)[] = [];

  constructor(private readonly settings: ImageQueueSettings) {}

  /** True when a new task would be refused: a route may check before reading an upload's body. */
  get full(): boolean {
    return this.running >= this.settings.concurrency && this.queued.length >= this.settings.waiting;
  }

  /** Refuses with 503 when the queue is full (checked again by run). */
  assertRoom(): void {
    if (this.full) throw new HttpError(503, IMAGE_QUEUE_FULL, IMAGE_QUEUE_RETRY_AFTER_SECONDS);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.settings.concurrency) {
      this.running++;
    } else {
      this.assertRoom();
      // The finishing task hands its place over, so `running` stays as it is.
      await new Promise<void>((resolve) => this.queued.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.queued.shift();
      if (next) next();
      else this.running--;
    }
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's one image queue: every upload that decodes an image goes through it. */
    imageQueue: ImageQueue;
  }
}

export function registerImageQueue(app: FastifyInstance, settings: ImageQueueSettings): void {
  app.decorate("imageQueue", new ImageQueue(settings));
}
