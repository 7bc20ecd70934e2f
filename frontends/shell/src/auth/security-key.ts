import {
  SECURITY_KEY_MESSAGES,
  type AuthenticationCredential,
  type CredentialCreationOptionsResponse,
  type CredentialRequestOptionsResponse,
  type RegistrationCredential,
} from '@paycadence/contracts';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

// The screens' one way to the browser's WebAuthn ceremonies (the 2FA panel and the sign-in screen): the server's
// options go in, the credential the contracts describe comes out, and a browser failure becomes words.

type CreationOptions = CredentialCreationOptionsResponse['options'];
type RequestOptions = CredentialRequestOptionsResponse['options'];

/**
 * The contracts check only what the screens rely on (challenge, rp, user) and pass the rest of
 * @simplewebauthn/server's options through untouched, so the object is the library's options as the server made
 * them; the cast names that type, which the loose schema cannot.
 */
const creationOptionsJSON = (options: CreationOptions) =>
  options as unknown as PublicKeyCredentialCreationOptionsJSON;
/** As creationOptionsJSON, for navigator.credentials.get(). */
const requestOptionsJSON = (options: RequestOptions) =>
  options as unknown as PublicKeyCredentialRequestOptionsJSON;

/**
 * The DOM types declare the extension results as an interface, which TypeScript will not take for the contract's
 * plain record; a copy of its fields is one, with the same values.
 */
const asRecord = (results: AuthenticationExtensionsClientOutputs): Record<string, unknown> => ({
  ...results,
});

/** A new key's credential for the server's registration options (the browser asks to touch or unlock a key). */
export async function createKeyCredential(options: CreationOptions): Promise<RegistrationCredential> {
  const credential = await startRegistration({ optionsJSON: creationOptionsJSON(options) });
  return { ...credential, clientExtensionResults: asRecord(credential.clientExtensionResults) };
}

/**
 * A key's signature over the server's challenge. With `autofill`, the browser offers the account's passkeys in
 * the e-mail field's autofill list instead of a dialog, and the promise waits until one is picked.
 */
export async function getKeyAssertion(
  options: RequestOptions,
  { autofill = false } = {},
): Promise<AuthenticationCredential> {
  const credential = await startAuthentication({
    optionsJSON: requestOptionsJSON(options),
    useBrowserAutofill: autofill,
  });
  return { ...credential, clientExtensionResults: asRecord(credential.clientExtensionResults) };
}

/**
 * The person closed the browser's dialog, it timed out, or another ceremony replaced it. Browsers answer all
 * three alike (NotAllowedError) so that a page cannot learn which keys exist; @simplewebauthn keeps the name.
 */
export function isCeremonyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** What to say when the browser's ceremony failed (not the server: its refusals come with their own words). */
export function ceremonyErrorText(error: unknown): string {
  if (isCeremonyCancelled(error)) return SECURITY_KEY_MESSAGES.cancelled;
  if (error instanceof Error && error.name === 'InvalidStateError') return SECURITY_KEY_MESSAGES.alreadyAdded;
  if (error instanceof Error && error.name === 'NotSupportedError') return SECURITY_KEY_MESSAGES.unsupported;
  return SECURITY_KEY_MESSAGES.notVerified;
}
