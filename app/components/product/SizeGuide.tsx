import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  BODY_MEASURE_FIELDS,
  BODY_MEASURE_HINT,
  bodyAdviceText,
  FOOT_LENGTH_FIELD_LABEL,
  FOOT_LENGTH_HINT,
  FOOT_LENGTH_PARAM,
  formatCm,
  guideRowSize,
  parseBodyMeasures,
  parseFootLength,
  resolveGuide,
  SIZE_GUIDE_TITLE,
  sizeAdviceText,
  sizeForBody,
  sizeForFoot,
  type ClothingGuide,
  type ClothingRow,
  type GuideRef,
  type ShoeGuide,
  type ShoeRow,
  type SizeGuide as Guide,
} from "#contract/size-guides";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { Table } from "~/components/ui/Table";

/**
 * A product's size guide (issue 36): its table (one of the store's, or the shop's own), with the
 * product's own sizes picked out and their stock, and the form that names the size to choose: by
 * foot length for shoes, by chest, waist and hip for clothing. The same component is the guide's
 * page (/product/details/{slug}/size-guide, a GET form without JavaScript) and the product page's
 * dialog, which answers as the shopper types.
 */

type ProductSizes = readonly { size: string; stock: number }[];

export interface SizeGuideProps {
  guide: GuideRef;
  sizes: ProductSizes;
  /** The guide's page: where the form goes without JavaScript. */
  action: string;
  /** What the address carries of SIZE_GUIDE_PARAMS (null when a parameter is absent). */
  asked: Record<string, string | null>;
  /** Ids of this guide's elements: the page and the dialog never show two at once, but keep them apart. */
  idPrefix: string;
}

/** The product's stock in a row's size, or null when the product is not sold in it. */
function stockIn(sizes: ProductSizes, size: string): number | null {
  return sizes.find((entry) => entry.size.trim().toUpperCase() === size.toUpperCase())?.stock ?? null;
}

/** The product's stock in a size: its count (said in full to screen readers), «Agotada», or not sold in it. */
function StockCell({ stock }: { stock: number | null }) {
  if (stock === null) return <Dash said="No se vende" />;
  if (stock === 0) return <span className="text-slate-700">Agotada</span>;
  // The count alone keeps the table within a phone's width.
  return (
    <span className="font-semibold text-lime-900">
      {stock}
      <span className="sr-only"> {stock === 1 ? "disponible" : "disponibles"}</span>
    </span>
  );
}

/** A dash on screen, words for screen readers. */
function Dash({ said }: { said: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{said}</span>
    </>
  );
}

const range = ([from, to]: readonly [number, number]) => `${formatCm(from)}–${formatCm(to)}`;

/** A size of the product the shop's own table has no row for (added after it): listed without measures. */
type Unmeasured = { unmeasured: string };
type GuideRow<Row> = Row | Unmeasured;
const isUnmeasured = <Row,>(row: GuideRow<Row>): row is Unmeasured =>
  typeof row === "object" && row !== null && "unmeasured" in row;
const sizeOf = (row: GuideRow<ShoeRow | ClothingRow>) => (isUnmeasured(row) ? row.unmeasured : guideRowSize(row));
/** A measure's cell: the figure, or a dash for a size without measures. */
const measured =
  <Row,>(figure: (row: Row) => ReactNode) =>
  (row: GuideRow<Row>) =>
    isUnmeasured(row) ? <Dash said="Sin medidas" /> : figure(row);

function GuideTable({ guide, sizes }: { guide: Guide; sizes: ProductSizes }) {
  const listed = new Set(guide.rows.map((row) => guideRowSize(row).trim().toUpperCase()));
  const unmeasured: Unmeasured[] = guide.own
    ? sizes.filter((entry) => !listed.has(entry.size.trim().toUpperCase())).map((entry) => ({ unmeasured: entry.size }))
    : [];
  const stockColumn = {
    header: "En este producto",
    cell: (row: GuideRow<ShoeRow | ClothingRow>) => <StockCell stock={stockIn(sizes, sizeOf(row))} />,
  };
  const highlight = (row: GuideRow<ShoeRow | ClothingRow>) =>
    stockIn(sizes, sizeOf(row)) === null ? undefined : "bg-lime-50";
  const caption = `${guide.name}: medidas de cada talla; resaltadas, las tallas de este producto con su stock.`;
  const common = {
    caption,
    look: "compact" as const,
    rowKey: sizeOf,
    rowClassName: highlight,
    testIds: { row: "guia-fila" },
  };
  return guide.kind === "calzado" ? (
    <Table<GuideRow<ShoeRow>>
      {...common}
      rows={[...guide.rows, ...unmeasured]}
      columns={[
        { header: "Talla EU", cell: sizeOf, rowHeader: true },
        { header: "UK", cell: measured((row) => row.uk) },
        { header: "US", cell: measured((row) => row.us) },
        { header: "Pie hasta (cm)", cell: measured((row) => formatCm(row.footCm)), align: "end" },
        stockColumn,
      ]}
    />
  ) : (
    <Table<GuideRow<ClothingRow>>
      {...common}
      rows={[...guide.rows, ...unmeasured]}
      columns={[
        { header: "Talla", cell: sizeOf, rowHeader: true },
        { header: "Pecho (cm)", cell: measured((row) => range(row.chestCm)) },
        { header: "Cintura (cm)", cell: measured((row) => range(row.waistCm)) },
        { header: "Cadera (cm)", cell: measured((row) => range(row.hipCm)) },
        stockColumn,
      ]}
    />
  );
}

/** What the typed values give: the advice, or each field's refusal (by parameter). */
type Advice = { answer: string | null; errors: Record<string, string> };
type Advise = (texts: Record<string, string>) => Advice;

/** Whether focus goes to the form's own submit button. */
function leavesForSubmit(next: EventTarget | null, form: HTMLFormElement | null): boolean {
  return next instanceof HTMLButtonElement && next.type === "submit" && next.form === form;
}

/**
 * The form that names the size to choose: a GET form to the guide's page; with JavaScript the
 * answer follows what is typed, and a field's refusal waits until it is left or the form sent.
 */
function AdviceForm({
  label,
  fields,
  advise,
  action,
  asked,
  idPrefix,
}: {
  label: string;
  fields: readonly { param: string; label: string; hint?: string }[];
  advise: Advise;
  action: string;
  asked: Record<string, string | null>;
  idPrefix: string;
}) {
  const hydrated = useHydrated();
  const sent = fields.some((field) => asked[field.param] != null);
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(fields.map((field) => [field.param, asked[field.param] ?? ""])),
  );
  const [judged, setJudged] = useState(() => Object.fromEntries(fields.map((field) => [field.param, sent])));
  const { answer, errors } = advise(texts);
  return (
    <form
      method="get"
      action={action}
      className="space-y-3"
      aria-label={label}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        setJudged(Object.fromEntries(fields.map((field) => [field.param, true])));
      }}
    >
      <div className="flex flex-wrap items-start gap-3">
        {fields.map((field) => {
          const error = judged[field.param] ? errors[field.param] : undefined;
          return (
            <Field
              key={field.param}
              id={`${idPrefix}-${field.param}`}
              label={field.label}
              hint={field.hint}
              errors={error ? [error] : null}
              className="min-w-0 flex-1 basis-44"
            >
              <Input
                name={field.param}
                inputMode="decimal"
                autoComplete="off"
                value={texts[field.param]}
                onChange={(event) => setTexts((current) => ({ ...current, [field.param]: event.target.value }))}
                onBlur={(event) => {
                  // Left for the form's button: the post judges every field, and a refusal shown
                  // now would move the button from under the pointer before the click lands.
                  if (leavesForSubmit(event.relatedTarget, event.currentTarget.form)) return;
                  setJudged((current) => ({ ...current, [field.param]: texts[field.param]!.trim() !== "" }));
                }}
              />
            </Field>
          );
        })}
        <Button type="submit" variant="secondary" className="sm:mt-8">
          Ver mi talla
        </Button>
      </div>
      <p role="status" className="min-h-6 font-semibold text-ink" data-testid="talla-recomendada">
        {Object.keys(errors).length === 0 ? answer : null}
      </p>
    </form>
  );
}

const FOOT_FIELDS = [{ param: FOOT_LENGTH_PARAM, label: FOOT_LENGTH_FIELD_LABEL, hint: FOOT_LENGTH_HINT }];
const BODY_FIELDS = BODY_MEASURE_FIELDS.map((field, index) => ({
  param: field.param,
  label: field.label,
  hint: index === 0 ? BODY_MEASURE_HINT : undefined,
}));

/** Shoes: the size for a foot length. */
function footAdvice(guide: ShoeGuide, sizes: ProductSizes): Advise {
  return (texts): Advice => {
    const parsed = parseFootLength(texts[FOOT_LENGTH_PARAM] ?? "");
    if (!parsed.ok) return { answer: null, errors: { [FOOT_LENGTH_PARAM]: parsed.error } };
    return { answer: sizeAdviceText(sizeForFoot(guide, parsed.cm), sizes), errors: {} };
  };
}

/** Clothing: the size for a chest, and a waist and a hip if given. */
function bodyAdvice(guide: ClothingGuide, sizes: ProductSizes): Advise {
  return (texts) => {
    const parsed = parseBodyMeasures(
      Object.fromEntries(BODY_MEASURE_FIELDS.map((field) => [field.key, texts[field.param] ?? ""])),
    );
    if (parsed.ok) return { answer: bodyAdviceText(sizeForBody(guide, parsed.measures), sizes), errors: {} };
    const errors: Record<string, string> = {};
    for (const field of BODY_MEASURE_FIELDS) {
      const error = parsed.errors[field.key];
      if (error) errors[field.param] = error;
    }
    return { answer: null, errors };
  };
}

/** The guide: its table and the form that names the size to choose. */
export function SizeGuide({ guide: ref, sizes, action, asked, idPrefix }: SizeGuideProps) {
  const guide = resolveGuide(ref);
  return (
    <div className="space-y-5">
      <p className="text-neutral-700">
        Tabla: <span className="font-semibold text-ink">{guide.name}</span>.{" "}
        {sizes.length > 0 ? "Las filas resaltadas son las tallas que se venden en este producto." : null}
      </p>
      <AdviceForm
        {...(guide.kind === "calzado"
          ? { label: "Tu talla según tu pie", fields: FOOT_FIELDS, advise: footAdvice(guide, sizes) }
          : { label: "Tu talla según tus medidas", fields: BODY_FIELDS, advise: bodyAdvice(guide, sizes) })}
        action={action}
        asked={asked}
        idPrefix={idPrefix}
      />
      <GuideTable guide={guide} sizes={sizes} />
    </div>
  );
}

/**
 * The guide in a dialog over the product page, open as soon as it is drawn: Esc or «Cerrar» close
 * it (`onClose`) and the browser gives focus back to the link. Loaded on first use (SizeGuideLink).
 */
export function SizeGuideDialog({
  guide,
  sizes,
  href,
  productName,
  onClose,
}: {
  guide: GuideRef;
  sizes: ProductSizes;
  href: string;
  productName: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="guia-tallas-titulo"
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[calc(100vw-1rem)] max-w-3xl overflow-y-auto rounded-2xl bg-white p-3 text-left shadow-xl backdrop:bg-black/50 sm:p-6"
    >
      <GuideHeading id="guia-tallas-titulo" as="h2" productName={productName}>
        <form method="dialog">
          <Button type="submit" variant="secondary" size="sm">
            Cerrar
          </Button>
        </form>
      </GuideHeading>
      <SizeGuide guide={guide} sizes={sizes} action={href} asked={{}} idPrefix="dialogo-guia" />
    </dialog>
  );
}

/** «Guía de tallas» and the product's name, with what goes beside them (the dialog's «Cerrar»). */
export function GuideHeading({
  id,
  as: Heading,
  productName,
  children,
}: {
  id: string;
  as: "h1" | "h2";
  productName: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex items-start justify-between gap-3">
      <div className="min-w-0">
        <Heading id={id} className="text-2xl font-extrabold tracking-tight text-ink">
          {SIZE_GUIDE_TITLE}
        </Heading>
        <p className="mt-1 break-words text-neutral-700">{productName}</p>
      </div>
      {children}
    </div>
  );
}
