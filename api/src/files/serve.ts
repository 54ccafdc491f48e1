import type { FastifyBaseLogger } from "fastify";
import type { FileStore, OpenedFile } from "./store.js";

/**
 * A row's file from the store, to stream as an answer. A file a row names and the store lacks is
 * a fault of the store's (a folder lost or not shared between instances), logged as such; the
 * caller answers 404, as for a row that does not exist.
 */
export async function openStoredFile(
  files: FileStore,
  fileKey: string,
  log: FastifyBaseLogger,
): Promise<OpenedFile | null> {
  const opened = await files.open(fileKey);
  if (!opened) log.error({ fileKey }, "falta en el almacén de archivos un archivo que nombra la base de datos");
  return opened;
}
