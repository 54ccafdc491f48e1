import { Form, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { SearchSuggestion } from "~/services/catalog.server";
import { pickUpTypedBeforeScripts } from "~/browser/typed-before-scripts";
import { SearchIcon } from "~/components/icons";

/** Wait after the last keystroke before asking for suggestions. */
const SUGGESTION_DELAY_MS = 200;

/** Where the suggestions, or the word that there are none, open under the box. */
const panelLook =
  "absolute right-0 top-full z-50 mt-2 w-[350px] max-w-[calc(100vw-2rem)] rounded-xl bg-white shadow-2xl ring-1 ring-black/10";

/** Said when a text has no suggestions, instead of the list silently vanishing. */
const NO_SUGGESTIONS = "No hay sugerencias para lo que escribiste: prueba con otra palabra o pulsa Buscar.";

/**
 * The header search (SPEC.md section 2). Without JavaScript it is a plain GET form to /products;
 * with it, typing shows product suggestions as an ARIA combobox (arrows, Enter, Escape, click).
 */
export function SearchBox({ className = "" }: { className?: string }) {
  const suggestionsFetcher = useFetcher<SearchSuggestion[]>();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [expanded, setExpanded] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  // Typed, and its suggestions not asked for yet (the debounce): the list shown is an older text's.
  const [awaitingSuggestions, setAwaitingSuggestions] = useState(false);
  const debounceTimer = useRef<ReturnType<typeof setTimeout>>();
  const inputId = useId();
  const listboxId = useId();

  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(debounceTimer.current), []);

  const hasText = text.trim() !== "";
  const suggestions = hasText ? (suggestionsFetcher.data ?? []) : [];
  const showList = expanded && suggestions.length > 0;
  // The text's suggestions came back empty: said, rather than the list silently vanishing.
  const noSuggestions =
    expanded &&
    hasText &&
    !awaitingSuggestions &&
    suggestionsFetcher.state === "idle" &&
    suggestionsFetcher.data?.length === 0;

  function onTextChange(value: string) {
    setText(value);
    setActiveIndex(-1);
    clearTimeout(debounceTimer.current);
    const searchValue = value.trim();
    if (searchValue === "") {
      setExpanded(false);
      setAwaitingSuggestions(false);
      return;
    }
    setExpanded(true);
    setAwaitingSuggestions(true);
    debounceTimer.current = setTimeout(() => {
      setAwaitingSuggestions(false);
      suggestionsFetcher.load(`/search-suggestions?${new URLSearchParams({ searchValue })}`);
    }, SUGGESTION_DELAY_MS);
  }

  function openSuggestion(suggestion: SearchSuggestion) {
    clearTimeout(debounceTimer.current);
    setText("");
    setExpanded(false);
    setActiveIndex(-1);
    navigate(`/product/details/${suggestion.slug}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") {
      // The first Escape only closes the suggestions, keeping the text (a search field's own Escape
      // empties it); the next one may close the search panel.
      if (showList) {
        event.preventDefault();
        event.stopPropagation();
      }
      setExpanded(false);
      setActiveIndex(-1);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setExpanded(true);
      const last = suggestions.length - 1;
      const down = event.key === "ArrowDown";
      setActiveIndex((index) => (down ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1));
    } else if (event.key === "Enter" && showList && suggestions[activeIndex]) {
      event.preventDefault();
      openSuggestion(suggestions[activeIndex]);
    }
  }

  // Text typed while the page's scripts were on their way (they start after the first paint) is
  // kept and gets its suggestions, instead of being wiped by the next render.
  useEffect(
    () =>
      pickUpTypedBeforeScripts(() => {
        const typed = inputRef.current?.value ?? "";
        if (typed !== "") onTextChange(typed);
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the box as the page was hydrated
    [],
  );

  const activeOption =
    showList && activeIndex >= 0 && activeIndex < suggestions.length ? `${listboxId}-${activeIndex}` : undefined;

  return (
    <Form
      method="get"
      action="/products"
      role="search"
      className={`relative ${className}`}
      onSubmit={() => setExpanded(false)}
    >
      <label htmlFor={inputId} className="sr-only">
        Buscar productos
      </label>
      <div className="flex items-center rounded-full bg-white/10 ring-1 ring-white/25 focus-within:bg-white/15 focus-within:ring-2 focus-within:ring-ball">
        <input
          ref={inputRef}
          id={inputId}
          name="searchValue"
          type="search"
          placeholder="BUSCAR"
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => hasText && setExpanded(true)}
          onBlur={() => setExpanded(false)}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={activeOption}
          className="w-full min-w-0 bg-transparent py-2 pl-4 pr-2 text-sm text-white placeholder:text-neutral-300 focus:outline-none [&::-webkit-search-cancel-button]:invert"
        />
        <button
          type="submit"
          className="mr-1 grid size-8 shrink-0 place-items-center rounded-full text-white hover:bg-white/15"
        >
          <SearchIcon className="size-5" />
          <span className="sr-only">Buscar</span>
        </button>
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Sugerencias de búsqueda"
        hidden={!showList}
        className={`${panelLook} max-h-[400px] overflow-y-auto p-1 text-ink`}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion._id}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            // Keeps focus in the input, so its blur does not close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => openSuggestion(suggestion)}
            onMouseEnter={() => setActiveIndex(index)}
            className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm aria-selected:bg-neutral-100"
          >
            {suggestion.image ? (
              <img
                src={suggestion.image}
                alt=""
                width={48}
                height={48}
                className="size-12 shrink-0 rounded-md bg-neutral-100 object-contain"
              />
            ) : (
              <span className="size-12 shrink-0 rounded-md bg-neutral-100" />
            )}
            <span className="line-clamp-2 font-medium">{suggestion.name}</span>
          </li>
        ))}
      </ul>
      <p
        hidden={!noSuggestions}
        className={`${panelLook} px-4 py-3 text-sm text-neutral-800`}
        data-testid="no-suggestions"
      >
        {NO_SUGGESTIONS}
      </p>
      <p className="sr-only" aria-live="polite">
        {showList
          ? `${suggestions.length} ${suggestions.length === 1 ? "sugerencia disponible" : "sugerencias disponibles"}`
          : noSuggestions
            ? NO_SUGGESTIONS
            : ""}
      </p>
    </Form>
  );
}
