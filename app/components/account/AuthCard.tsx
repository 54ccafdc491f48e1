import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";

/** The frame of the sign-in pages: a heading and a card. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-14">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      {intro ? <div className="mt-3 text-slate-700">{intro}</div> : null}
      <Card className="mt-8 sm:p-8">{children}</Card>
    </section>
  );
}

/** 'Continuar con Google': signs in, or creates the account, and comes back to `redirectTo`. */
export function GoogleSignInForm({ redirectTo }: { redirectTo: string }) {
  return (
    <Form method="post" action="/auth/google" className="mt-6 border-t border-slate-200 pt-6">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button type="submit" variant="secondary" className="w-full">
        Continuar con Google
      </Button>
    </Form>
  );
}
