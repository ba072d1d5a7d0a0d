// Passkeys on the sign-in and account pages (README, "Passkeys"). The pages work without this script: password
// sign-in, the passkey list and Remove are plain forms; the passkey parts stay hidden until WebAuthn is there.
(() => {
  'use strict';
  if (!window.PublicKeyCredential || !navigator.credentials) {
    return;
  }

  const decode = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const encode = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

  async function options(url, fields) {
    const answer = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), credentials: 'same-origin' });
    if (answer.redirected) {
      // The sign-in is not recent enough to change passkeys: the page to sign in again first (this host's only),
      // after which the change goes on by itself.
      if (new URL(answer.url).origin !== window.location.origin) {
        throw new Error('options: redirected elsewhere');
      }
      window.location.assign(answer.url);
      return new Promise(() => {});
    }
    if (!answer.ok) {
      throw new Error('options: ' + answer.status);
    }
    return answer.json();
  }

  function show(element, text) {
    element.textContent = text;
    element.hidden = false;
  }

  // WebAuthn Level 3 RegistrationResponseJSON / AuthenticationResponseJSON, as the service reads them.
  function asJson(credential) {
    const r = credential.response;
    const response = { clientDataJSON: encode(r.clientDataJSON) };
    if (r.attestationObject) {
      response.attestationObject = encode(r.attestationObject);
      response.transports = r.getTransports ? r.getTransports() : [];
    } else {
      response.authenticatorData = encode(r.authenticatorData);
      response.signature = encode(r.signature);
      response.userHandle = r.userHandle ? encode(r.userHandle) : null;
    }
    return JSON.stringify({
      id: credential.id,
      rawId: encode(credential.rawId),
      type: credential.type,
      response,
      clientExtensionResults: credential.getClientExtensionResults(),
      authenticatorAttachment: credential.authenticatorAttachment,
    });
  }

  const signIn = document.getElementById('passkey-form');
  if (signIn) {
    const section = document.getElementById('passkey');
    const error = document.getElementById('passkey-error');
    const fields = { request: signIn.elements.request.value, csrf: signIn.elements.csrf.value };
    let autofill = null;
    section.hidden = false;

    // One sign-in: a challenge of its own, then the assertion posted as a form (answered like the password form).
    async function signInWith(mediation, signal) {
      const o = await options('/signin/passkey/options', fields);
      const publicKey = {
        challenge: decode(o.challenge),
        rpId: o.rpId,
        timeout: o.timeout,
        userVerification: o.userVerification,
        allowCredentials: [],
      };
      if (mediation === 'conditional') {
        // The challenge lives two minutes: a page left open asks again with a fresh one.
        setTimeout(() => signal.aborted || restartAutofill(), o.timeout - 5000);
      }
      const credential = await navigator.credentials.get({ publicKey, mediation, signal });
      signIn.elements.credential.value = asJson(credential);
      signIn.submit();
    }

    function restartAutofill() {
      if (autofill) {
        autofill.abort();
      }
      autofill = new AbortController();
      section.dataset.conditional = 'requested';
      signInWith('conditional', autofill.signal).catch(() => {});
    }

    document.getElementById('passkey-button').addEventListener('click', () => {
      if (autofill) {
        autofill.abort();
        autofill = null;
      }
      error.hidden = true;
      signInWith('optional').catch(() => show(error, section.dataset.notUsed));
    });

    // Conditional mediation: the browser offers passkeys in the email field's autofill (autocomplete="... webauthn"),
    // where the page has that field (a page that takes only a passkey has none).
    if (PublicKeyCredential.isConditionalMediationAvailable && document.querySelector('input[autocomplete~="webauthn"]')) {
      PublicKeyCredential.isConditionalMediationAvailable().then((available) => {
        if (available) {
          restartAutofill();
        }
      });
    }
  }

  const add = document.getElementById('add-passkey');
  if (add) {
    const error = document.getElementById('add-passkey-error');
    add.hidden = false;
    async function addPasskey() {
      error.hidden = true;
      try {
        const o = await options('/account/passkeys/options', {
          csrf: add.elements.csrf.value,
          name: add.elements.name.value,
        });
        const publicKey = Object.assign({}, o, {
          challenge: decode(o.challenge),
          user: Object.assign({}, o.user, { id: decode(o.user.id) }),
          excludeCredentials: o.excludeCredentials.map((d) => Object.assign({}, d, { id: decode(d.id) })),
        });
        const credential = await navigator.credentials.create({ publicKey });
        add.elements.credential.value = asJson(credential);
        add.submit();
      } catch (e) {
        show(error, add.dataset.notCreated);
      }
    }
    add.addEventListener('submit', (event) => {
      event.preventDefault();
      addPasskey();
    });
    // Back from confirming who it is: the passkey asked for before goes on being added (the server marks the page
    // only for that browser, once). A browser that wants a click for it shows the form with the name kept.
    if (add.dataset.resume === 'add') {
      addPasskey();
    }
  }
})();
