// "Watch as a guest" on a page the board could not open: sign in as a guest, then reload
// the same address, which now opens the board. The page serves the button disabled: a
// click before this module has loaded would do nothing, so it is enabled only once heard.

import { post } from "./api.js";

const button = document.getElementById("watch-as-guest");
button?.addEventListener("click", async () => {
  button.disabled = true;
  const answer = await post("/api/v1/auth/guest");
  if (answer.ok) {
    location.reload();
    return;
  }
  button.disabled = false;
  document.getElementById("gate-error").textContent =
    "Could not sign in as a guest just now. Try again, or sign in.";
});
if (button) button.disabled = false;
