import { createHash, randomUUID } from "node:crypto";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import {
  FILE_KEY_PATTERN,
  FileTooLargeError,
  STAGED_HEAD_BYTES,
  type FileStore,
  type OpenedFile,
  type StagedFile,
  type StoredFile,
} from "./store.js";

/** Files being received, beside the stored ones so that keeping one is a rename on the same disk. */
const STAGING = "recibiendo";

/**
 * The store's files on a local disk (decision 0036): `<dir>/<first two hex digits>/<key>`, received
 * into `<dir>/recibiendo/` and renamed into place once written and flushed to disk (fsync), then the
 * folder's entry flushed too: after commit() the file survives a crash, and a file under its key is
 * always whole. Several API instances may share one folder (a shared volume): files are named by
 * their content, so two writing the same file write the same bytes.
 */
export class DiskFileStore implements FileStore {
  constructor(readonly dir: string) {}

  private pathOf(key: string): string {
    if (!FILE_KEY_PATTERN.test(key)) throw new Error(`Clave de archivo no válida: ${key}`);
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async stage(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    { maxBytes }: { maxBytes: number },
  ): Promise<StagedFile> {
    const staging = path.join(this.dir, STAGING);
    await mkdir(staging, { recursive: true });
    const temporary = path.join(staging, randomUUID());
    const hash = createHash("sha256");
    const head: Buffer[] = [];
    let headBytes = 0;
    let sizeBytes = 0;
    const handle = await open(temporary, "wx");
    try {
      for await (const chunk of source) {
        sizeBytes += chunk.length;
        if (sizeBytes > maxBytes) throw new FileTooLargeError(maxBytes);
        if (headBytes < STAGED_HEAD_BYTES) {
          const taken = Buffer.from(chunk.subarray(0, STAGED_HEAD_BYTES - headBytes));
          head.push(taken);
          headBytes += taken.length;
        }
        hash.update(chunk);
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    const key = hash.digest("hex");
    let settled = false;
    return {
      key,
      sizeBytes,
      head: Buffer.concat(head),
      commit: async () => {
        if (settled) return;
        const target = this.pathOf(key);
        const shard = path.dirname(target);
        await mkdir(shard, { recursive: true });
        await rename(temporary, target);
        settled = true;
        // The rename is durable once the folders that name the file are flushed too.
        await syncDirectory(shard);
        await syncDirectory(this.dir);
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await rm(temporary, { force: true });
      },
    };
  }

  async put(data: Uint8Array): Promise<StoredFile> {
    const staged = await this.stage([data], { maxBytes: data.length });
    await staged.commit();
    return { key: staged.key, sizeBytes: staged.sizeBytes };
  }

  async open(key: string): Promise<OpenedFile | null> {
    if (!FILE_KEY_PATTERN.test(key)) return null;
    let handle;
    try {
      handle = await open(this.pathOf(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here and closes it when it ends or is destroyed.
      return { stream: handle.createReadStream(), sizeBytes: size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async *list(): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const shards = await readdir(this.dir).catch(missingIsEmpty);
    for (const shard of shards) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const name of await readdir(path.join(this.dir, shard)).catch(missingIsEmpty)) {
        if (!FILE_KEY_PATTERN.test(name) || !name.startsWith(shard)) continue;
        const info = await stat(path.join(this.dir, shard, name)).catch(() => null);
        if (info) yield { key: name, modifiedAt: info.mtime };
      }
    }
  }

  async removeIfOlder(key: string, before: Date): Promise<boolean> {
    // Moved aside first, then judged by what was moved: a commit of the same key after the move
    // finds the name free and stays; one just before it was moved aside with its new time, and goes back.
    const staging = path.join(this.dir, STAGING);
    await mkdir(staging, { recursive: true });
    const aside = path.join(staging, `${randomUUID()}.retirado`);
    try {
      await rename(this.pathOf(key), aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
    const { mtime } = await stat(aside);
    if (mtime < before) {
      await rm(aside, { force: true });
      return true;
    }
    // The same bytes under the same name: whichever of two renames lands last, the file is whole.
    await rename(aside, this.pathOf(key));
    return false;
  }

  async removeStaleStaged(before: Date): Promise<number> {
    const staging = path.join(this.dir, STAGING);
    let removed = 0;
    for (const name of await readdir(staging).catch(missingIsEmpty)) {
      const file = path.join(staging, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime >= before) continue;
      await rm(file, { force: true, recursive: true });
      removed++;
    }
    return removed;
  }
}

function missingIsEmpty(error: NodeJS.ErrnoException): string[] {
  if (error.code === "ENOENT") return [];
  throw error;
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
