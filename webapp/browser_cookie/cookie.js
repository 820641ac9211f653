// Keeps one cookie of this site at the value the page asks for: written only when the
// browser's own value differs, removed (max-age 0) when the value asked for is empty.
// A page served over HTTPS marks it Secure, so the browser never sends it in clear.
function valueOf(name) {
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((cookie) => cookie.startsWith(prefix));
  return found === undefined ? "" : found.slice(prefix.length);
}

export default function (component) {
  const { data } = component;
  if (!data || !data.name || valueOf(data.name) === data.value) return;
  const age = data.value ? data.max_age : 0;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${data.name}=${data.value}; path=/; max-age=${age}; SameSite=Lax${secure}`;
}
