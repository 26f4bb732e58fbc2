// The game page's entry: mount the board (main.js) from the boot data the server wrote in.

import { mount } from "./main.js";

mount(JSON.parse(document.getElementById("pg-boot").textContent), document);
