// The passkey buttons of the staff sign-in's pages (decision 0044), over @simplewebauthn/browser
// (loaded before this file as the global SimpleWebAuthnBrowser). A button stays hidden where
// the browser has no WebAuthn; without script, the mailed code is the way in.
const { browserSupportsWebAuthn, startAuthentication, startRegistration } = SimpleWebAuthnBrowser;

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

const steps = {
  async register(button) {
    const options = await post(button.dataset.options);
    await post(button.dataset.answer, await startRegistration({ optionsJSON: options }));
    return "Passkey added. Next time, sign in with it: no code needed.";
  },
  async signIn(button) {
    const options = await post(button.dataset.options);
    const { next } = await post(
      button.dataset.answer,
      await startAuthentication({ optionsJSON: options }),
    );
    location.assign(next);
    return "Signed in.";
  },
};

for (const button of document.querySelectorAll("button[data-passkey]")) {
  if (!browserSupportsWebAuthn()) continue;
  const status = document.getElementById(button.getAttribute("aria-describedby") ?? "");
  button.closest("[hidden]")?.removeAttribute("hidden");
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if (status) status.textContent = await steps[button.dataset.passkey](button);
    } catch {
      if (status) status.textContent = "The passkey did not work. Please try again, or use a code.";
    } finally {
      button.disabled = false;
    }
  });
}
