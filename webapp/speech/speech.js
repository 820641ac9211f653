const KEY = "dice-table-spoken";
// How many of the ids said last the tab remembers: a roll's and an entry's announcements
// are mounted side by side, so the one said last is not the only one to keep.
const KEPT = 32;

function spokenIds(root) {
  let text = root.dataset.spoken;
  try {
    text = window.sessionStorage.getItem(KEY) ?? text;
  } catch (error) {
    // Storage refused: the element remembers instead, for as long as it is mounted.
  }
  try {
    const ids = JSON.parse(text || "[]");
    return Array.isArray(ids) ? ids : [];
  } catch (error) {
    return [];
  }
}

export default function (component) {
  const { parentElement, data } = component;
  const root = parentElement.querySelector(".speech");
  if (!data || !data.id || !("speechSynthesis" in window)) return;
  const spoken = spokenIds(root);
  if (spoken.includes(data.id)) return;
  const kept = JSON.stringify([...spoken, data.id].slice(-KEPT));
  root.dataset.spoken = kept;
  try {
    window.sessionStorage.setItem(KEY, kept);
  } catch (error) {
    // Storage refused: the element remembers instead.
  }
  const utterance = new SpeechSynthesisUtterance(data.text);
  utterance.lang = data.lang;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
