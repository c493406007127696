// Measurements of a till screen taken inside the page, from computed styles and boxes: what a cashier
// at arm's length with a finger would run into. Each function is passed to page.evaluate, so it uses
// nothing from outside itself, and answers in plain lines that a failing test shows as they are.

/** The floor for anything a finger presses, in CSS pixels. */
export const fingerPx = 44;
/** The floor for the price's font size, in CSS pixels. */
export const pricePx = 40;

/**
 * What breaks the till's layout: a page that scrolls (either way), a status bar not at the foot or
 * over one line, a visible control smaller than a finger, a price smaller than 40 px, a variant grid's
 * box that scrolls out of the keyboard's reach or is a tab stop with nothing to scroll. Empty: none.
 */
export function layoutProblems(limits: { fingerPx: number; pricePx: number }): string[] {
  const problems: string[] = [];
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).replaceAll(" ", ".")}` : ""} "${(element.textContent ?? "").trim().slice(0, 30)}"`;
  const page = document.scrollingElement as Element;
  if (page.scrollWidth > innerWidth)
    problems.push(`the page scrolls sideways: ${page.scrollWidth} > ${innerWidth}`);
  if (page.scrollHeight > innerHeight)
    problems.push(`the page scrolls down: ${page.scrollHeight} > ${innerHeight}`);
  const bar = document.querySelector(".status-bar");
  const items = document.querySelector(".status-items");
  if (bar === null || items === null) problems.push("no status bar");
  else {
    const box = bar.getBoundingClientRect();
    if (Math.abs(box.bottom - innerHeight) > 1)
      problems.push(`the status bar ends at ${box.bottom}, not ${innerHeight}`);
    const lineHeight = Number.parseFloat(getComputedStyle(items).lineHeight);
    // One line: every part shares a band of height (a padded warning sits a little higher than plain
    // text beside it, centred on the same line); a part that wrapped sits wholly below the others.
    const boxes = [...items.children].map((child) => child.getBoundingClientRect());
    const apart = Math.max(...boxes.map((box) => box.top)) >= Math.min(...boxes.map((box) => box.bottom));
    if (apart || items.getBoundingClientRect().height > lineHeight * 1.5)
      problems.push(`the status bar takes more than one line: ${items.getBoundingClientRect().height} px`);
  }
  for (const control of document.querySelectorAll("button, input, select, summary")) {
    if (!control.checkVisibility()) continue;
    const { width, height } = control.getBoundingClientRect();
    if (width < limits.fingerPx || height < limits.fingerPx)
      problems.push(`${name(control)} is ${Math.round(width)}x${Math.round(height)} px`);
  }
  for (const price of document.querySelectorAll(".price-gross")) {
    const size = Number.parseFloat(getComputedStyle(price).fontSize);
    if (size < limits.pricePx) problems.push(`the price ${name(price)} is ${size} px`);
  }
  for (const box of document.querySelectorAll<HTMLElement>(".grid-scroll")) {
    const scrolls = box.scrollWidth > box.clientWidth;
    const reachable = box.tabIndex === 0 || box.querySelector("button") !== null;
    if (scrolls && !reachable) problems.push(`${name(box)} scrolls sideways out of the keyboard's reach`);
    if (!scrolls && box.hasAttribute("tabindex"))
      problems.push(`${name(box)} is a tab stop with nothing to scroll`);
  }
  return problems;
}

/** The floor for a counter key, each way, in CSS pixels: pressed all day, often in a hurry. */
export const keyPx = 64;

/**
 * What makes counter keys hard to use: a key smaller than `keyPx` either way, or text on it smaller
 * than the page's base size (16 px at 1024 wide). Empty: none, and at least one key on screen.
 */
export function keyProblems(limits: { keyPx: number }): string[] {
  const keys = [...document.querySelectorAll<HTMLElement>(".key-tile")].filter((key) =>
    key.checkVisibility(),
  );
  if (keys.length === 0) return ["no key on screen"];
  const problems: string[] = [];
  const base = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  for (const key of keys) {
    const { width, height } = key.getBoundingClientRect();
    const name = (key.querySelector(".key-name")?.textContent ?? "").slice(0, 30);
    if (width < limits.keyPx || height < limits.keyPx)
      problems.push(`the key "${name}" is ${Math.round(width)}x${Math.round(height)} px`);
    for (const part of key.querySelectorAll(".key-name, .key-price")) {
      const size = Number.parseFloat(getComputedStyle(part).fontSize);
      if (size < base) problems.push(`the key "${name}" has ${size} px text`);
    }
  }
  return problems;
}

/** The status bar's parts whose text is cut short (ends in "…") or outside the window. */
export function cutStatusParts(): string[] {
  const items = document.querySelector(".status-items");
  return [...(items?.children ?? [])]
    .filter((part) => {
      const box = part.getBoundingClientRect();
      return part.scrollWidth > part.clientWidth + 1 || box.top < 0 || box.right > innerWidth;
    })
    .map((part) => part.className);
}

/**
 * The words on counter keys that collide: on every key tile on screen, each text box (name, price,
 * note, group count, disabled reason) measured where its text is drawn (a clipped box as far as it
 * shows), and named when it overlaps another box of its tile or reaches out of the tile's inside, or
 * when the name shows more than two lines. Empty: none, and at least one key on screen. Runs in the
 * page: everything it needs is inside it.
 */
export function keyTextProblems(): string[] {
  const tiles = [...document.querySelectorAll<HTMLElement>(".key-tile")].filter((tile) =>
    tile.checkVisibility(),
  );
  if (tiles.length === 0) return ["no key on screen"];
  // Half a pixel each way: sub-pixel layout rounds differently from box to box.
  const slack = 0.5;
  type Box = { left: number; top: number; right: number; bottom: number };
  const overlaps = (a: Box, b: Box) =>
    a.left < b.right - slack &&
    b.left < a.right - slack &&
    a.top < b.bottom - slack &&
    b.top < a.bottom - slack;
  /** Where the element's text is drawn: its own box if it clips, else the union of its text's lines. */
  const boxOf = (element: HTMLElement): Box => {
    const own = element.getBoundingClientRect();
    if (getComputedStyle(element).overflow !== "visible") return own;
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = [...range.getClientRects()].filter((line) => line.width > 0 && line.height > 0);
    return lines.reduce(
      (box, line) => ({
        left: Math.min(box.left, line.left),
        top: Math.min(box.top, line.top),
        right: Math.max(box.right, line.right),
        bottom: Math.max(box.bottom, line.bottom),
      }),
      { left: own.left, top: own.top, right: own.right, bottom: own.bottom },
    );
  };
  const problems: string[] = [];
  for (const tile of tiles) {
    const name = (tile.querySelector(".key-name")?.textContent ?? "").slice(0, 40);
    const style = getComputedStyle(tile);
    const outer = tile.getBoundingClientRect();
    const inside: Box = {
      left: outer.left + Number.parseFloat(style.borderLeftWidth),
      top: outer.top + Number.parseFloat(style.borderTopWidth),
      right: outer.right - Number.parseFloat(style.borderRightWidth),
      bottom: outer.bottom - Number.parseFloat(style.borderBottomWidth),
    };
    const parts = [
      ...tile.querySelectorAll<HTMLElement>(".key-name, .key-price, .key-note, .key-kind, .key-reason"),
    ]
      .filter((part) => part.checkVisibility() && (part.textContent ?? "") !== "")
      .map((part) => ({ part: part.className, box: boxOf(part) }));
    for (const [index, { part, box }] of parts.entries()) {
      if (
        box.left < inside.left - slack ||
        box.top < inside.top - slack ||
        box.right > inside.right + slack ||
        box.bottom > inside.bottom + slack
      )
        problems.push(`the key "${name}": its ${part} leaves the tile`);
      for (const other of parts.slice(index + 1))
        if (overlaps(box, other.box))
          problems.push(`the key "${name}": its ${part} overlaps its ${other.part}`);
    }
    const title = tile.querySelector<HTMLElement>(".key-name");
    if (title) {
      const lineHeight = Number.parseFloat(getComputedStyle(title).lineHeight);
      if (title.getBoundingClientRect().height > 2 * lineHeight + slack)
        problems.push(`the key "${name}": its name shows more than two lines`);
    }
  }
  return problems;
}

/**
 * Text that does not fit, in the screens' own words: a word broken across two lines, text cut off
 * without "…" or without a title to read it whole (the status bar unfolds on hover instead), text
 * spilling out of its box, a button reaching past the row it stands in. The catalog's own names
 * (products, keys, the history) may wrap anywhere and are left out. Empty: none.
 */
export function textProblems(): string[] {
  const problems: string[] = [];
  const data = ".product-name, .history-name, .key-name, .result-card h3, .search-results, .option-grid";
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).replaceAll(" ", ".")}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent === null || parent.closest(data) !== null || !parent.checkVisibility()) continue;
    for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set(
        [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)),
      );
      if (lines.size > 1) problems.push(`"${word[0]}" is broken across lines in ${name(parent)}`);
    }
  }
  for (const element of document.querySelectorAll<HTMLElement>("body *")) {
    if (element.closest(data) !== null || !element.checkVisibility()) continue;
    const ownText = [...element.childNodes].some(
      (child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? "").trim() !== "",
    );
    if (!ownText || element.clientWidth === 0 || element.scrollWidth <= element.clientWidth + 1) continue;
    const style = getComputedStyle(element);
    if (style.overflowX === "visible") problems.push(`${name(element)} spills out of its box`);
    else if (style.textOverflow !== "ellipsis") problems.push(`${name(element)} is cut off without "…"`);
    else if (element.closest("[title], .status-items") === null)
      problems.push(`${name(element)} is cut short with no title to read it whole`);
  }
  for (const button of document.querySelectorAll("button")) {
    const row = button.parentElement;
    if (row === null || !button.checkVisibility()) continue;
    // A row that scrolls (the keys' tabs) shows the rest when scrolled: it does not grow past itself.
    if (["auto", "scroll"].includes(getComputedStyle(row).overflowX)) continue;
    const box = button.getBoundingClientRect();
    const rowBox = row.getBoundingClientRect();
    if (box.left < rowBox.left - 1 || box.right > rowBox.right + 1 || box.right > innerWidth)
      problems.push(`${name(button)} reaches past its row`);
  }
  return problems;
}
