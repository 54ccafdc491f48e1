import { z } from "zod";

/**
 * Reading a process's environment with a Zod schema: an unset or empty variable takes its default,
 * and a bad value stops start-up with a Spanish message naming the variable. Each process (web,
 * API) has its own schema; only these builders are shared.
 */
export class EnvironmentError extends Error {}

type Source = Record<string, string | undefined>;

export function readEnvironment<S extends z.ZodTypeAny>(schema: S, source: Source): z.output<S> {
  // An empty value means "unset", as in .env.example.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `- ${String(issue.path[0])}: ${issue.message} (vale «${source[String(issue.path[0])] ?? ""}»)`,
  );
  throw new EnvironmentError(
    `Configuración no válida; corrige estas variables de entorno (.env.example las describe):\n${lines.join("\n")}`,
  );
}

export function envText(fallback: string) {
  return z.string().default(fallback);
}

export function envOptionalText() {
  return z.string().optional();
}

export function envInteger(
  fallback: number,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
) {
  const message = `debe ser un número entero entre ${min} y ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .default(String(fallback));
}

const url = () => z.string().url("debe ser una dirección completa, como http://127.0.0.1:4000");

export function envUrl(fallback: string) {
  return url().default(fallback);
}

export function envOptionalUrl() {
  return url().optional();
}

/** A comma-separated list, blanks dropped. */
export function envList(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    );
}

/** A comma-separated list of origins (scheme, host and port, as a browser sends them in `Origin`). */
export function envOriginList() {
  const message = "debe ser una lista de orígenes separados por comas, como https://app.ejemplo.com";
  const origin = (value: string) => {
    try {
      const parsed = new URL(value);
      const isWeb = parsed.protocol === "http:" || parsed.protocol === "https:";
      return isWeb && parsed.origin === value.replace(/\/$/, "") ? parsed.origin : null;
    } catch {
      return null;
    }
  };
  return envList("").pipe(
    z.array(
      z
        .string()
        .refine((value) => origin(value) !== null, message)
        .transform((value) => origin(value)!),
    ),
  );
}

export function envFlag(fallback: boolean) {
  return z
    .enum(["0", "1", "true", "false"], { errorMap: () => ({ message: "debe ser 1 o 0" }) })
    .default(fallback ? "1" : "0")
    .transform((value) => value === "1" || value === "true");
}

export function envChoice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.enum(values, { errorMap: () => ({ message: `debe ser ${values.join(", ")}` }) }).default(fallback);
}
