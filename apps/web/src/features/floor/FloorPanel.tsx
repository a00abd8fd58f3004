// The floor now (docs/guide/floor.md): who is signed in, on a call or idle, pushed live. Shown on /productivity.
export function FloorPanel() {
  return null;
}
