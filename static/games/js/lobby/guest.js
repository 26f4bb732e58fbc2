// Signing in as a guest from a page that asks for an account: "Watch as a guest" on a page the
// board could not open reloads the same address, which now opens the board; "Go on as a guest"
// on the sign-in page goes on to the page that sent the visitor there (its data-next, checked
// by the server as the form's `next` is). The page serves the button disabled: a click
// before this module has loaded would do nothing, so it is enabled only once heard.

import { post } from "./api.js";

const button = document.getElementById("watch-as-guest") ?? document.getElementById("go-on-as-guest");
button?.addEventListener("click", async () => {
  button.disabled = true;
  const answer = await post("/api/v1/auth/guest");
  if (answer.ok) {
    if (button.dataset.next) location.assign(button.dataset.next);
    else location.reload();
    return;
  }
  button.disabled = false;
  document.getElementById("gate-error").textContent =
    "Could not sign in as a guest just now. Try again, or sign in.";
});
if (button) button.disabled = false;
