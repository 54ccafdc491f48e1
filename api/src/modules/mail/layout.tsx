import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from "@react-email/components";
import { createContext, useContext, type ReactNode } from "react";

/** The link every mail leads to: the page the mail is about. */
export interface MailAction {
  href: string;
  label: string;
}

const page = { backgroundColor: "#f1f5f9", fontFamily: "Arial, Helvetica, sans-serif", color: "#0f172a" };
const card = {
  backgroundColor: "#ffffff",
  borderRadius: "8px",
  margin: "24px auto",
  padding: "24px",
  maxWidth: "560px",
};
// Emerald 800 on white: the store's brand colour, above 4.5:1 contrast.
const button = {
  backgroundColor: "#065f46",
  borderRadius: "6px",
  color: "#ffffff",
  fontWeight: "bold",
  padding: "12px 20px",
  textDecoration: "none",
};
const footer = { color: "#475569", fontSize: "12px", lineHeight: "18px" };

/**
 * What composeMail knows about the one message being rendered and the templates need not pass on:
 * the reader's one-click unsubscribe page for an optional kind (absent on receipts and security mails).
 */
export const MailFrame = createContext<{ unsubscribeUrl?: string }>({});

/**
 * The frame of every mail: the store's name, a heading, the content, one button to the page the mail
 * is about and a footer saying why the reader gets it. Rendered to HTML and to plain text (render.ts).
 */
export function MailLayout(props: {
  preview: string;
  heading: string;
  greeting: string;
  action: MailAction;
  /** Why this reader gets this mail, in one sentence. */
  reason: string;
  children: ReactNode;
}) {
  const { unsubscribeUrl } = useContext(MailFrame);
  return (
    <Html lang="es">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ color: "#065f46", fontWeight: "bold", margin: 0 }}>Mercado Pádel</Text>
          <Heading as="h1" style={{ fontSize: "22px", lineHeight: "28px" }}>
            {props.heading}
          </Heading>
          <Text>{props.greeting}</Text>
          {props.children}
          <Section style={{ margin: "24px 0" }}>
            <Button href={props.action.href} style={button}>
              {props.action.label}
            </Button>
          </Section>
          <Hr />
          <Text style={footer}>{props.reason}</Text>
          {unsubscribeUrl ? (
            <Text style={footer}>
              ¿No quieres estos correos? <a href={unsubscribeUrl}>Dejar de recibirlos</a> o elige cuáles en tu panel, en
              «Notificaciones por correo».
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of a mail. */
export function MailText({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: "15px", lineHeight: "22px" }}>{children}</Text>;
}

/** Label and value rows (what, how much, where), read the same in HTML and in plain text. */
export function MailFacts({ facts }: { facts: ReadonlyArray<readonly [string, string]> }) {
  return (
    <Section>
      {facts.map(([label, value]) => (
        <Text key={label} style={{ fontSize: "15px", lineHeight: "22px", margin: "4px 0" }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  );
}
