// The site's links on a phone: folded under the header's Menu button, opened as a list under
// it, so no link is cut off at the screen's edge (pgweb.css). A wider screen shows them all
// in the header and never the button.

const NARROW = "(max-width: 44rem)";

/** Wire the Menu button of `doc` (base.html) to the site's links; the match of `media`
 * (a MediaQueryList) folds them. */
export function mountSiteMenu(doc, media) {
  const button = doc.getElementById("site-menu-toggle");
  const links = doc.getElementById("site-links");
  if (!button || !links) return null;
  const show = (open) => {
    button.setAttribute("aria-expanded", String(open));
    links.classList.toggle("open", open);
    links.classList.toggle("folded", media.matches && !open);
  };
  const fit = () => {
    button.hidden = !media.matches;
    show(false);
  };
  button.addEventListener("click", () => show(button.getAttribute("aria-expanded") !== "true"));
  doc.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
      show(false);
      button.focus();
    }
  });
  media.addEventListener("change", fit);
  fit();
  return { show };
}

if (typeof document !== "undefined" && typeof window !== "undefined") mountSiteMenu(document, window.matchMedia(NARROW));
