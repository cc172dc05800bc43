// What the API client tells the rest of the app, without importing React or the router: an error
// to show (spec 000 §8 "any other code shows the server message as an error toast"), the session
// ended (401/403 → login), the enterprise project list (inner code −2), the initial password must be
// changed first (428). The root layout subscribes and acts.

export type ApiEvent =
  | { type: 'error'; message: string }
  | { type: 'sessionEnded' }
  | { type: 'enterpriseList' }
  | { type: 'passwordChangeRequired' };

type Listener = (e: ApiEvent) => void;
const listeners = new Set<Listener>();

export function onApiEvent(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function emitApiEvent(e: ApiEvent): void {
  for (const l of listeners) l(e);
}
