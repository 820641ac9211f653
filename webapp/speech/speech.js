const KEY = "dice-table-spoken";

export default function (component) {
  const { parentElement, data } = component;
  const root = parentElement.querySelector(".speech");
  if (!data || !data.id || !("speechSynthesis" in window)) return;
  let spoken = "";
  try {
    spoken = window.sessionStorage.getItem(KEY) || "";
  } catch (error) {
    spoken = root.dataset.spoken;
  }
  if (spoken === data.id) return;
  try {
    window.sessionStorage.setItem(KEY, data.id);
  } catch (error) {
    // Storage refused: the element remembers instead, for as long as it is mounted.
  }
  root.dataset.spoken = data.id;
  const utterance = new SpeechSynthesisUtterance(data.text);
  utterance.lang = data.lang;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
