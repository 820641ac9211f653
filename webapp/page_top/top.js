// Scrolls the page to its top once for each game it is shown for: Streamlit keeps the
// scroll position when it redraws the page, so another game would open where the last
// page was scrolled to. What each mounted copy last showed is kept beside it.
const shown = new WeakMap();

export default function (component) {
  const { parentElement, data } = component;
  if (!data || !data.game || shown.get(parentElement) === data.game) return;
  shown.set(parentElement, data.game);
  document.querySelector("[data-testid='stMain']")?.scrollTo(0, 0);
  window.scrollTo(0, 0);
}
