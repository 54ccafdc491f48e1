import { Form, useLocation, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { changedSinceDrawn } from "~/forms/changed-since-drawn";
import { pickUpTypedBeforeScripts } from "~/browser/typed-before-scripts";
import { ChevronDownIcon, GridIcon, ListIcon, SlidersIcon } from "~/components/icons";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Choice, Input, Select } from "~/components/ui/Input";
import { TextLink } from "~/components/ui/TextLink";
import type { FilterOptions } from "#contract/catalog";
import { SortSelects } from "./SortSelects";
import type { ListingParams } from "~/services/product-listing.server";

/** SPEC.md section 9: the list reloads 100 ms after the last change. */
const RELOAD_DEBOUNCE_MS = 100;

const FORM_ID = "filtros-productos";
/** Where the panel sits beside the products (Tailwind's lg), as the stylesheet's .filters-panel rule. */
const WIDE_SCREEN = "(min-width: 64rem)";

interface ProductFiltersProps {
  state: ListingParams;
  /** The catalogue's price range in whole dollars: the price inputs' starting values. */
  priceBounds: { low: number; high: number };
  options: FilterOptions;
  categories: { name: string; slug: string }[];
  /** The result count, shown in the toolbar. */
  summary: ReactNode;
  /** The results, shown beside the filter panel. */
  children: ReactNode;
}

const RATING_CHOICES = [
  { value: "5", label: "5 estrellas" },
  { value: "4", label: "4 estrellas y más" },
  { value: "3", label: "3 estrellas y más" },
  { value: "2", label: "2 estrellas y más" },
  { value: "1", label: "1 estrella y más" },
];

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase("es") + text.slice(1);

/** The value a control shows for the current state (what the server rendered it with). */
function valueInState(name: string, state: ListingParams, priceBounds: { low: number; high: number }): string {
  if (name === "lowPrice") return String(state.lowPrice ?? priceBounds.low);
  if (name === "highPrice") return String(state.highPrice ?? priceBounds.high);
  const value = state[name as keyof ListingParams];
  return value === undefined ? "" : String(value);
}

/**
 * The URL of a form state, without empty fields and defaults, so links stay short and the same
 * filters always give the same URL.
 */
function filterQuery(form: HTMLFormElement, priceBounds: { low: number; high: number }): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (name === "view" && value === "grid") continue;
    if (name === "lowPrice" && Number(value) === priceBounds.low) continue;
    if (name === "highPrice" && Number(value) === priceBounds.high) continue;
    query.append(name, value);
  }
  return query;
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-neutral-200 pt-5">
      <legend className="float-left mb-3 w-full text-sm font-bold text-ink">{legend}</legend>
      <div className="clear-left">{children}</div>
    </fieldset>
  );
}

function SelectFilter({
  name,
  label,
  anyLabel,
  values,
  selected,
}: {
  name: string;
  label: string;
  anyLabel: string;
  values: string[];
  selected?: string;
}) {
  return (
    <Field id={`filtro-${name}`} label={label} compact>
      <Select name={name} defaultValue={selected ?? ""} controlSize="sm">
        <option value="">{anyLabel}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {capitalize(value)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * The /products filter form (SPEC.md "Product listing filters"). It is a plain GET form whose URL
 * holds every choice, so it works without JavaScript; with it, each change reloads the list after
 * a short pause, keeping the scroll position.
 */
export function ProductFilters({ state, priceBounds, options, categories, summary, children }: ProductFiltersProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDetailsElement>(null);
  const submit = useSubmit();
  // remix-utils' debounced submit cannot be called off, and 'Restablecer' must call off a reload
  // still waiting: a price typed and left (its change event comes as the field loses focus to the
  // link) reloaded the old filters right after the link had cleared them.
  const waitingReload = useRef<ReturnType<typeof setTimeout>>();
  const callOffReload = useCallback(() => clearTimeout(waitingReload.current), []);
  useEffect(() => callOffReload, [callOffReload]);
  // The query of the last reload sent, until it lands: see the redrawing effect below.
  const sentQuery = useRef<string | null>(null);
  const { search } = useLocation();

  // The panel comes folded, and the stylesheet shows it anyway on wide screens until a script
  // manages it: from here on its toggle decides, starting open on wide screens.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (window.matchMedia(WIDE_SCREEN).matches) panel.open = true;
    panel.dataset.managed = "";
  }, []);

  const reload = useCallback(
    (debounceTimeout: number) => {
      callOffReload();
      const form = formRef.current;
      if (!form) return;
      // Read now, not when the pause ends: a reload landing meanwhile redraws the controls from its URL.
      const query = filterQuery(form, priceBounds);
      const send = () => {
        // A field's change event after its typing already reloaded the list asks for what is shown.
        if (query.toString() === new URLSearchParams(window.location.search).toString()) return;
        sentQuery.current = query.toString();
        submit(query, { method: "get", action: "/products", preventScrollReset: true, replace: true });
      };
      if (debounceTimeout > 0) waitingReload.current = setTimeout(send, debounceTimeout);
      else send();
    },
    [submit, priceBounds, callOffReload],
  );

  // Back, forward and 'Restablecer' change the URL without remounting the form: show the URL's
  // state. On the first run (hydration) a choice the shopper made while the scripts were on their
  // way is applied instead of undone (its change event came before React listened).
  const shownState = useRef<ListingParams | null>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form || shownState.current === state) return;
    const hydrating = shownState.current === null;
    shownState.current = state;
    const controls = Array.from(form.elements).filter(
      (element): element is HTMLInputElement | HTMLSelectElement =>
        (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.name !== "",
    );
    if (hydrating) {
      return pickUpTypedBeforeScripts(() => {
        if (controls.some(changedSinceDrawn)) reload(0);
      });
    }
    const current = new URLSearchParams(search).toString();
    // An older reload landing while a newer one of ours is on its way: the form is newer than this
    // state, and the newer reload will redraw it (redrawing now undid a size chosen meanwhile).
    if (sentQuery.current !== null && sentQuery.current !== current) return;
    const landed = sentQuery.current !== null;
    sentQuery.current = null;
    // Our own reload landed after the shopper changed the form again (a size chosen while the price's
    // reload was on its way): the form is newer than this state, and its own reload is on the way.
    if (landed && filterQuery(form, priceBounds).toString() !== current) return;
    for (const element of controls) {
      if (element === document.activeElement) continue;
      const value = valueInState(element.name, state, priceBounds);
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        element.checked = element.value === value;
      } else {
        element.value = value;
      }
    }
  }, [state, search, priceBounds, reload]);

  /** 'Restablecer': no reload of ours is waiting or counted on any more; the link's URL is the state. */
  function resetFilters() {
    callOffReload();
    sentQuery.current = null;
  }

  function onChange(event: FormEvent<HTMLDivElement>) {
    const changed = event.target as HTMLInputElement;
    // Only the filter form's controls (the results' own forms, if any, are not filters).
    if (!formRef.current || changed.form !== formRef.current) return;
    reload(RELOAD_DEBOUNCE_MS);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reload(0);
  }

  // The results hold forms of their own (the cards' buttons) and forms cannot nest: the filter
  // form is the panel only, and the toolbar's sort and view controls join it by its id.
  return (
    <div
      onChange={onChange}
      // The browser's change event reaches a text field's container only on blur or Enter; typing a
      // price reloads the list after the debounce too (SPEC.md "Product listing filters"). React's
      // onChange hears typing as well: reload() sends a query once.
      onInput={onChange}
      className="grid items-start gap-6 lg:grid-cols-1 lg:has-[>form>details[open],>form>details:not([data-managed])]:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10"
    >
      <Form
        ref={formRef}
        id={FORM_ID}
        method="get"
        action="/products"
        preventScrollReset
        onSubmit={onSubmit}
        aria-label="Filtros de productos"
        className="lg:sticky lg:top-20"
      >
        <details
          ref={panelRef}
          className="filters-panel group rounded-2xl border border-neutral-200 bg-white"
          data-testid="filters-panel"
        >
          <summary
            className="flex items-center gap-2 rounded-2xl px-5 py-3.5 text-sm font-bold text-ink hover:bg-neutral-50"
            data-testid="filters-toggle"
          >
            <SlidersIcon className="size-5" />
            Filtros
            <ChevronDownIcon className="filters-chevron ml-auto size-5 transition-transform group-open:rotate-180" />
          </summary>
          <div className="space-y-5 px-5 pb-5">
            {state.searchValue ? <input type="hidden" name="searchValue" value={state.searchValue} /> : null}

            <FilterGroup legend="Categoría">
              {/* One category at a time, with JavaScript or without: a radio group, whose first choice clears the filter. */}
              <ul className="space-y-2">
                {[{ slug: "", name: "Todas las categorías" }, ...categories].map((category) => (
                  <li key={category.slug}>
                    <Choice
                      type="radio"
                      name="category"
                      value={category.slug}
                      defaultChecked={(state.category ?? "") === category.slug}
                      label={category.name}
                      className="text-sm"
                    />
                  </li>
                ))}
              </ul>
            </FilterGroup>

            <FilterGroup legend="Precio (US$)">
              <div className="grid grid-cols-2 gap-3">
                <Field id="filtro-lowPrice" label="Precio mínimo" compact>
                  <Input
                    type="number"
                    name="lowPrice"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    defaultValue={state.lowPrice ?? priceBounds.low}
                    controlSize="sm"
                  />
                </Field>
                <Field id="filtro-highPrice" label="Precio máximo" compact>
                  <Input
                    type="number"
                    name="highPrice"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    defaultValue={state.highPrice ?? priceBounds.high}
                    controlSize="sm"
                  />
                </Field>
              </div>
            </FilterGroup>

            <FilterGroup legend="Valoración">
              <ul className="space-y-2">
                {[{ value: "", label: "Cualquier valoración" }, ...RATING_CHOICES].map((choice) => (
                  <li key={choice.value}>
                    <Choice
                      type="radio"
                      name="rating"
                      value={choice.value}
                      defaultChecked={String(state.rating ?? "") === choice.value}
                      label={choice.label}
                      className="text-sm"
                    />
                  </li>
                ))}
              </ul>
            </FilterGroup>

            <FilterGroup legend="Disponibilidad">
              <Choice
                name="availability"
                value="in-stock"
                defaultChecked={state.availability === "in-stock"}
                label="Solo en stock"
                className="text-sm"
              />
            </FilterGroup>

            <div className="space-y-4 border-t border-neutral-200 pt-5">
              <SelectFilter name="tag" label="Etiqueta" anyLabel="Todas" values={options.tags} selected={state.tag} />
              <SelectFilter
                name="color"
                label="Color"
                anyLabel="Todos"
                values={options.colors}
                selected={state.color}
              />
              <SelectFilter name="size" label="Talla" anyLabel="Todas" values={options.sizes} selected={state.size} />
            </div>

            <div className="flex flex-wrap items-center gap-3 border-t border-neutral-200 pt-5">
              <Button type="submit" variant="dark" size="sm">
                Aplicar filtros
              </Button>
              <TextLink to="/products" onClick={resetFilters} className="text-sm">
                Restablecer
              </TextLink>
            </div>
          </div>
        </details>
      </Form>

      <div className="min-w-0">
        <div className="mb-6 flex flex-wrap items-end gap-3 sm:gap-4">
          <div className="w-full sm:mr-auto sm:w-auto">{summary}</div>
          <SortSelects idPrefix="filtro" form={FORM_ID} state={state} />
          <fieldset className="flex rounded-lg border border-neutral-400 p-0.5">
            <legend className="sr-only">Vista</legend>
            {[
              { value: "grid", label: "Cuadrícula", icon: <GridIcon className="size-5" /> },
              { value: "list", label: "Lista", icon: <ListIcon className="size-5" /> },
            ].map((choice) => (
              <label key={choice.value} className="relative cursor-pointer" title={choice.label}>
                <input
                  type="radio"
                  form={FORM_ID}
                  name="view"
                  value={choice.value}
                  defaultChecked={state.view === choice.value}
                  className="peer sr-only"
                />
                <span className="grid size-9 place-items-center rounded-md text-neutral-600 peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-court">
                  {choice.icon}
                  <span className="sr-only">{choice.label}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </div>
        {children}
      </div>
    </div>
  );
}
